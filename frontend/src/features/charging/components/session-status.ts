import type { SessionStatus } from '@evc/contracts/charging';
import type { SessionView } from '@evc/contracts/charging';
import type { Tone } from './charging-ui';

/** The steps a session goes through, in order (failed replaces the rest). */
export const PROGRESS: SessionStatus[] = ['requested', 'accepted', 'charging', 'stopping', 'stopped'];

export const statusTone = (status: SessionStatus): Tone =>
  status === 'charging' ? 'ok' : status === 'failed' ? 'bad' : status === 'stopped' ? 'info' : 'busy';

export const isOpen = (s: Pick<SessionView, 'status'>) => s.status === 'requested' || s.status === 'accepted' || s.status === 'charging';

/** The target as words' values: none, kWh or minutes. */
export function targetMessage(target: SessionView['target']): { id: string; values: Record<string, number> } {
  if (target.kind === 'energy') return { id: 'charging.target.energy', values: { kwh: target.wh / 1000 } };
  if (target.kind === 'duration')
    return { id: 'charging.target.duration', values: { hours: Math.floor(target.minutes / 60), minutes: target.minutes % 60 } };
  return { id: 'charging.target.none', values: {} };
}
