// i18n-catalog: app — the customer's session, loaded lazily by its route after the app catalog.
import { useParams } from '@tanstack/react-router';
import { SessionPage } from '../../features/charging/components/session-page';
import { SessionPower } from '../../features/smart-charging/components/session-power';

/** /my-sessions/$sessionId composed: charging's live session with smart charging's allotted power. */
export function SessionScreen() {
  const { sessionId } = useParams({ strict: false }) as { sessionId: string };
  return <SessionPage power={<SessionPower sessionId={sessionId} />} />;
}
