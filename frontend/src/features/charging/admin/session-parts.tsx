import { useIntl } from 'react-intl';
import { SESSION_STATUSES, type SessionStatus } from '@evc/contracts/charging';
import { Chip, type Tone } from '../../../components/admin/chip';

/** While a session is not over, its open detail asks again this often. */
export const SESSION_REFRESH_MS = 10_000;
/** Not over yet: the detail keeps refreshing. */
export const OPEN_STATUSES: readonly SessionStatus[] = ['requested', 'accepted', 'charging', 'stopping'];

const TONES: Record<SessionStatus, Tone> = {
  requested: 'busy',
  accepted: 'busy',
  charging: 'active',
  stopping: 'busy',
  stopped: 'ok',
  failed: 'bad',
};

/** A session's status as a chip: colour plus the status in words. */
export function SessionStatusChip({ status }: { status: string }) {
  const intl = useIntl();
  const known = (SESSION_STATUSES as readonly string[]).includes(status) ? (status as SessionStatus) : null;
  return (
    <Chip tone={known ? TONES[known] : 'idle'} data-status={status}>
      {known ? intl.formatMessage({ id: `admin.sessions.status.${known}` }) : status}
    </Chip>
  );
}

/** A refused card start (recorded with its energy, billed to nobody): the status the charger was given, as OCPP names it. */
export function SessionRefusedChip({ refusal }: { refusal: string | null }) {
  const intl = useIntl();
  if (!refusal) return null;
  return (
    <Chip tone="bad" data-refusal={refusal}>
      {intl.formatMessage({ id: 'admin.sessions.refused' }, { status: <bdi dir="ltr">{refusal}</bdi> })}
    </Chip>
  );
}
