// i18n-catalog: app — the admin panel's card requests screen.
import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { FormattedMessage } from 'react-intl';
import {
  CARD_LIMITS,
  advanceCardRequestSchema,
  cardRequestNeedsActionSchema,
  deliverCardRequestSchema,
  rejectCardRequestSchema,
} from '@evc/contracts/cards';
import { CARD_REQUEST_STAFF_STEPS, allowedCardRequestSteps, type CardRequestStaffStep } from '@evc/contracts/cards';
import { cairoDate } from '@evc/contracts/shared';
import type { CardRequestAdminView } from '@evc/contracts/cards';
import { Field } from '../../../components/ui/field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { pushToastAtom } from '../../../stores/toast-state';
import { useCommand } from '../../../components/admin/admin-api';
import { EditorDialog } from '../../../components/admin/form-parts';
import { ProblemAlert } from '../../../components/admin/problems';

/** The read model of card requests: its query keys start with it, and a status change reads its own write through it. */
export const CARD_REQUESTS = 'card_requests';

export const STEPS = CARD_REQUEST_STAFF_STEPS;
export type Step = CardRequestStaffStep;

/** Which steps the workflow allows from a request's status (the server decides again; docs/rules.md §4). */
export const allowedSteps = (r: Pick<CardRequestAdminView, 'status' | 'kind'>): Step[] => allowedCardRequestSteps(r.kind, r.status);

/** The label of a step's button (a linked card is verified, not delivered). */
export const stepLabel = (step: Step, kind: 'new' | 'link') =>
  step === 'deliver' && kind === 'link' ? 'admin.cardRequests.step.verify' : `admin.cardRequests.step.${step}`;

const cairoToday = () => cairoDate(Date.now());

const COMMAND_OF = {
  start: 'card-requests.start',
  ship: 'card-requests.ship',
  resume: 'card-requests.resume',
  deliver: 'card-requests.deliver',
  'needs-action': 'card-requests.needs-action',
  reject: 'card-requests.reject',
} as const;

/**
 * One status change of a request in a dialog: a note (optional; required for needs action, where it tells the
 * customer what is needed), a reason (reject), or the card ID and issue date (deliver / verify). It names the revision
 * the editor saw: when someone else changed the request first, it says so and offers Reload, keeping the input.
 */
export function StepDialog({
  request,
  step,
  onDone,
  onReload,
}: {
  request: CardRequestAdminView;
  step: Step;
  onDone: () => void;
  onReload: () => void;
}) {
  const pushToast = useSetAtom(pushToastAtom);
  const form = useSchemaForm({
    note: '',
    reason: '',
    cardId: request.kind === 'link' ? (request.cardId ?? '') : '',
    issueDate: cairoToday(),
  });
  const { intl, values } = form;
  const label = (id: string) => intl.formatMessage({ id });
  const [problem, setProblem] = useState<unknown>(null);
  const command = useCommand(CARD_REQUESTS, COMMAND_OF[step]);
  const base = { requestId: request.requestId, expectedRevision: request.revision };

  const body = (): Record<string, unknown> | null => {
    const note = values.note.trim() || undefined;
    if (step === 'reject') return form.validate(rejectCardRequestSchema, { ...base, reason: values.reason });
    if (step === 'needs-action') return form.validate(cardRequestNeedsActionSchema, { ...base, note: values.note });
    if (step === 'deliver')
      return form.validate(deliverCardRequestSchema, { ...base, cardId: values.cardId, issueDate: values.issueDate, note });
    return form.validate(advanceCardRequestSchema, { ...base, note });
  };
  const submit = () => {
    if (command.isPending) return;
    setProblem(null);
    const input = body();
    if (!input) return;
    command.mutate(input as never, {
      onSuccess: () => {
        pushToast({ kind: 'success', text: label('admin.cardRequests.updated') });
        onDone();
      },
      onError: (error) => {
        form.serverError(error);
        setProblem(error);
      },
    });
  };

  return (
    <EditorDialog
      titleId={stepLabel(step, request.kind)}
      submitId={stepLabel(step, request.kind)}
      busy={command.isPending}
      onSubmit={submit}
      onCancel={onDone}
      intro={<p>{`${request.referenceName} · ${request.customerName ?? request.customerId}`}</p>}
      problem={problem !== null && <ProblemAlert error={problem} onReload={onReload} />}
    >
      {step === 'deliver' && (
        <>
          <Field label={label('admin.cardRequests.cardId')} error={form.errorText('cardId')}>
            <input dir="ltr" autoCapitalize="characters" maxLength={24} {...form.bind('cardId')} />
          </Field>
          <Field label={label('admin.cardRequests.issueDate')} error={form.errorText('issueDate')}>
            <input type="date" dir="ltr" max={cairoToday()} {...form.bind('issueDate')} />
          </Field>
        </>
      )}
      {step === 'reject' ? (
        <Field label={label('admin.cardRequests.reason')} error={form.errorText('reason')}>
          <textarea rows={3} maxLength={CARD_LIMITS.noteMax} {...form.bind('reason')} />
        </Field>
      ) : (
        <Field
          label={label(step === 'needs-action' ? 'admin.cardRequests.noteToCustomer' : 'admin.cardRequests.noteOptional')}
          error={form.errorText('note')}
        >
          <textarea rows={3} maxLength={CARD_LIMITS.noteMax} {...form.bind('note')} />
        </Field>
      )}
      <p>
        <FormattedMessage id="admin.cardRequests.customerNotified" />
      </p>
    </EditorDialog>
  );
}
