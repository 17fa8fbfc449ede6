// i18n-catalog: app — the staff's event screens.
import styled from '@emotion/styled';
import { Link, useParams } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ChainEvent, ChainFrame, ChainView } from '@evc/contracts/audit';
import { Card } from '../../../components/ui/layout';
import { paths } from '../../../config/paths';
import { theme } from '../../../styles/theme';
import { useChain, useEvent } from '../api/events-api';
import { Alert, Screen } from '../../../components/admin/admin-ui';
import { Chip, type Tone } from '../../../components/admin/chip';
import { Loaded, useEventTime } from '../../../components/admin/log-parts';
import { ActorLink, EventFields, EventMeta, ItemLink } from './event-parts';

const Timeline = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.5rem;
  > li {
    background: #fff;
    border: 1px solid ${theme.color.border};
    border-inline-start: 4px solid ${theme.color.primary};
    border-radius: ${theme.radius.sm};
    padding-block: 0.5rem;
    padding-inline: 0.75rem;
    display: grid;
    gap: 0.35rem;
  }
  > li[data-link='context'] {
    border-inline-start-color: #cbd5e1;
    opacity: 0.9;
  }
  > li[data-kind='frame'] {
    border-inline-start-color: #f59e0b;
  }
  > li[data-link='start'] {
    background: ${theme.color.primaryLight};
  }
  .head {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: center;
  }
  pre {
    margin: 0;
    padding: 0.5rem;
    background: #f1f5f9;
    border-radius: ${theme.radius.sm};
    font-size: 0.8rem;
    overflow: auto;
    text-align: left;
  }
`;

const LINK_TONES: Record<ChainEvent['link'], Tone> = { start: 'active', correlation: 'ok', cause: 'busy', item: 'ok', context: 'idle' };

const EventCard = styled(Card)`
  display: grid;
  gap: 0.75rem;
`;

const EventType = styled.h2`
  margin: 0;
`;

const Links = styled.div`
  display: flex;
  gap: 0.75rem;
  flex-wrap: wrap;
`;

/** The DOM id of a chain entry ("caused by" links jump to it). */
const anchor = (id: string) => `chain-${id}`;

type Entry = { kind: 'event'; at: string; event: ChainEvent } | { kind: 'frame'; at: string; frame: ChainFrame };

/** Events and the frames that caused them, in time order (an event's cause comes before it). */
function entriesOf(chain: ChainView): Entry[] {
  const entries: Entry[] = [
    ...chain.events.map((event) => ({ kind: 'event' as const, at: event.recordedAt, event })),
    ...chain.frames.map((frame) => ({ kind: 'frame' as const, at: frame.at, frame })),
  ];
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || (a.kind === b.kind ? 0 : a.kind === 'frame' ? -1 : 1));
}

function CausedBy({ id, chain }: { id: string | null; chain: ChainView }) {
  if (!id) return null;
  const event = chain.events.find((e) => e.eventId === id);
  const frame = chain.frames.find((f) => f.frameId === id);
  const label = event?.type ?? (frame ? `OCPP ${frame.action}` : id);
  return (
    <span>
      <FormattedMessage id="events.chain.causedBy" />{' '}
      <a href={`#${anchor(id)}`}>
        <bdi dir="ltr">{label}</bdi>
      </a>
    </span>
  );
}

function EventEntry({ event, chain }: { event: ChainEvent; chain: ChainView }) {
  const intl = useIntl();
  const time = useEventTime();
  return (
    <li id={anchor(event.eventId)} data-link={event.link} data-testid="chain-event" data-type={event.type}>
      <div className="head">
        <time dateTime={event.recordedAt}>{time(event.recordedAt)}</time>
        <Link to={paths.admin.event} params={{ position: String(event.position) }}>
          <strong dir="ltr">{event.type}</strong>
        </Link>
        <bdi dir="ltr">{event.streamId}</bdi>
        <Chip tone={LINK_TONES[event.link]}>{intl.formatMessage({ id: `events.chain.link.${event.link}` })}</Chip>
      </div>
      <div className="head">
        <ActorLink actor={event.actor} />
        {event.reason && <span>{intl.formatMessage({ id: 'events.chain.why' }, { reason: event.reason })}</span>}
        <CausedBy id={event.causedBy} chain={chain} />
      </div>
      <details>
        <summary>
          <FormattedMessage id="events.chain.fields" />
        </summary>
        <EventFields event={event} />
      </details>
    </li>
  );
}

function FrameEntry({ frame }: { frame: ChainFrame }) {
  const intl = useIntl();
  const time = useEventTime();
  return (
    <li id={anchor(frame.frameId)} data-kind="frame" data-testid="chain-frame" data-action={frame.action} data-frame-kind={frame.kind}>
      <div className="head">
        <time dateTime={frame.at}>{time(frame.at)}</time>
        <span className="mirror-rtl" aria-hidden="true">
          {frame.direction === 'in' ? '←' : '→'}
        </span>
        <strong>{intl.formatMessage({ id: 'events.chain.frame' }, { action: frame.action, chargerId: frame.chargerId })}</strong>
        <span>{intl.formatMessage({ id: frame.direction === 'in' ? 'messageLog.in' : 'messageLog.out' })}</span>
        <span>{intl.formatMessage({ id: 'events.chain.frameCaused' }, { count: frame.caused.length })}</span>
      </div>
      {frame.error && <Alert>{frame.error}</Alert>}
      <details>
        <summary>
          <FormattedMessage id="messageLog.showPayload" />
        </summary>
        <pre dir="ltr">
          <code>{JSON.stringify(frame.payload, null, 2)}</code>
        </pre>
      </details>
    </li>
  );
}

/**
 * /admin/events/$position (events.read): one event with its metadata and fields, and its chain: every event linked to it
 * by correlation or causation across contexts, the OCPP frames that caused them (with stations.write), and who started
 * each part, oldest first.
 */
export function EventChainPage() {
  const intl = useIntl();
  const time = useEventTime();
  const { position } = useParams({ strict: false }) as { position: string };
  const at = Number(position);
  const event = useEvent(at);
  const chain = useChain(at);
  return (
    <Screen>
      <h1>
        <FormattedMessage id="events.chain.title" values={{ position: at }} />
      </h1>
      <Link to={paths.admin.events}>
        <FormattedMessage id="events.back" />
      </Link>
      <Loaded query={event}>
        {(e) => (
          <EventCard>
            <EventType dir="ltr">{e.type}</EventType>
            <Links>
              <ItemLink event={e} />
            </Links>
            <EventMeta event={e} />
            <EventFields event={e} />
          </EventCard>
        )}
      </Loaded>
      <h2>
        <FormattedMessage id="events.chain.heading" />
      </h2>
      <Loaded query={chain}>
        {(c) => (
          <>
            <section aria-label={intl.formatMessage({ id: 'events.chain.origins' })}>
              <h3>
                <FormattedMessage id="events.chain.origins" />
              </h3>
              <ul data-testid="chain-origins">
                {c.origins.map((o) => (
                  <li key={o.correlationId}>
                    <FormattedMessage id="events.chain.origin" values={{ type: o.type, time: time(o.at) }} /> <ActorLink actor={o.actor} />
                    {o.reason ? ` — ${o.reason}` : ''}
                  </li>
                ))}
              </ul>
            </section>
            <p role="status">
              <FormattedMessage id="events.chain.summary" values={{ events: c.events.length, frames: c.frames.length }} />
              {c.framesHidden > 0 && (
                <>
                  {' '}
                  <FormattedMessage id="events.chain.framesHidden" values={{ count: c.framesHidden }} />
                </>
              )}
              {c.truncated && (
                <>
                  {' '}
                  <FormattedMessage id="events.chain.truncated" />
                </>
              )}
            </p>
            <Timeline aria-label={intl.formatMessage({ id: 'events.chain.heading' })}>
              {entriesOf(c).map((entry) =>
                entry.kind === 'event' ? (
                  <EventEntry key={entry.event.eventId} event={entry.event} chain={c} />
                ) : (
                  <FrameEntry key={entry.frame.frameId} frame={entry.frame} />
                ),
              )}
            </Timeline>
          </>
        )}
      </Loaded>
    </Screen>
  );
}
