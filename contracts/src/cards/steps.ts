import { isOpenCardRequest, type CardRequestKind, type CardRequestStatus } from './statuses';

/**
 * The card request workflow's steps, written once: the decider refuses what they refuse, and the staff screen offers
 * what they allow. Each staff step is the command `card-requests.<step>`. Kept free of zod, like the statuses.
 */
export const CARD_REQUEST_STAFF_STEPS = ['start', 'ship', 'resume', 'deliver', 'needs-action', 'reject'] as const;
export type CardRequestStaffStep = (typeof CARD_REQUEST_STAFF_STEPS)[number];

/** Where start, ship and deliver lead from `from`, or null where the step may not start (a linked card skips delivery: staff verify it). */
export function nextCardRequestStatus(
  kind: CardRequestKind,
  from: CardRequestStatus,
  step: 'start' | 'ship' | 'deliver',
): CardRequestStatus | null {
  if (step === 'start') return from === 'requested' ? 'in_progress' : null;
  if (step === 'ship') return kind === 'new' && from === 'in_progress' ? 'in_delivery' : null;
  if (kind === 'new') return from === 'in_delivery' ? 'delivered' : null;
  return from === 'requested' || from === 'in_progress' ? 'delivered' : null;
}

/** Which staff steps the workflow allows from a request's status, in the order of `CARD_REQUEST_STAFF_STEPS`. */
export function allowedCardRequestSteps(kind: CardRequestKind, status: CardRequestStatus): CardRequestStaffStep[] {
  const steps: CardRequestStaffStep[] = [];
  if (nextCardRequestStatus(kind, status, 'start')) steps.push('start');
  if (nextCardRequestStatus(kind, status, 'ship')) steps.push('ship');
  if (status === 'needs_action') steps.push('resume');
  if (nextCardRequestStatus(kind, status, 'deliver')) steps.push('deliver');
  if (isOpenCardRequest(status) && status !== 'needs_action') steps.push('needs-action');
  if (isOpenCardRequest(status)) steps.push('reject');
  return steps;
}

/** The customer may cancel a request while it waits for staff or for them (requested, needs action). */
export const isCancellableCardRequest = (status: CardRequestStatus): boolean => status === 'requested' || status === 'needs_action';
