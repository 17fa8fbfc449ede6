import { upgradeStream, SYSTEM_ACTOR } from '@evc/contracts';
import { WrongExpectedRevisionError, type Clock, type EventStore } from '@evc/platform';
import { randomUUID } from 'node:crypto';
import type { CommandContext } from '../shared/command-context';
import { eachInIndex } from '../shared/index-pages';
import { envelope } from '../shared/run-decider';

/** A one-off change to the recorded facts, run at start in both profiles. Its steps must be safe to run twice. */
export interface Upgrade {
  name: string;
  /** Why, in the events' metadata (`reason`). */
  reason: string;
  run(store: EventStore, clock: Clock, context: CommandContext): Promise<Record<string, number>>;
}

/**
 * Runs the upgrade unless its marker (`upgrade-<name>`) says it ran to the end; then writes the marker. A crash
 * half-way leaves no marker, so the next start runs it again (its steps are idempotent); two processes starting at
 * once both run it harmlessly and one marker is kept.
 */
export async function runUpgrade(
  store: EventStore,
  clock: Clock,
  upgrade: Upgrade,
): Promise<{ ran: boolean; counts: Record<string, number> }> {
  const marker = upgradeStream(upgrade.name);
  if ((await store.readStream(marker, { maxCount: 1 })).length > 0) return { ran: false, counts: {} };
  const context: CommandContext = { actor: SYSTEM_ACTOR, correlationId: randomUUID(), reason: upgrade.reason };
  const counts = await upgrade.run(store, clock, context);
  try {
    await store.append(marker, [envelope({ type: 'UpgradeApplied', data: { name: upgrade.name, counts } }, context, clock)], 'no_stream');
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  }
  return { ran: true, counts };
}

/** The streams that hold an event of this type, oldest first (read from the type index in pages, newest first). */
export async function streamsWith(store: EventStore, type: string): Promise<string[]> {
  const streams: string[] = [];
  await eachInIndex(store, { kind: 'type', type }, { pageSize: 500 }, (e) => void streams.push(e.streamId));
  return [...new Set(streams.reverse())];
}
