// i18n-catalog: app — the staff's event screens (the event explorer, chains, charger operations).
import styled from '@emotion/styled';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EventField, EventView } from '@evc/contracts/audit';
import { paths } from '../../../config/paths';
import { theme } from '../../../styles/theme';
import { useEventTime } from '../../../components/admin/log-parts';

export const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.25rem 1rem;
  margin: 0;
  dt {
    color: ${theme.color.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  code {
    font-size: 0.85rem;
  }
`;

/** A term and its value; the pair lays out in the list's grid. */
const Fact = styled.div`
  display: contents;
`;

const Note = styled.dd`
  grid-column: 1 / -1;
`;

export const Masked = styled.span`
  display: inline-block;
  border-radius: 999px;
  padding-inline: 0.5rem;
  font-size: 0.8rem;
  background: #e2e8f0;
  color: #334155;
`;

/** The explorer filtered to one criterion (a stream, a correlation id…), as a link. */
export function SearchLink({ criteria, children }: { criteria: Record<string, string>; children: ReactNode }) {
  return (
    <Link to={paths.admin.events} search={criteria as never}>
      {children}
    </Link>
  );
}

/** A payload field's value: masked ones say why they are hidden, never what they hold. */
function FieldValue({ field }: { field: EventField }) {
  const intl = useIntl();
  if (field.masked) return <Masked data-masked={field.masked}>{intl.formatMessage({ id: `events.masked.${field.masked}` })}</Masked>;
  if (field.value === null) return <span>—</span>;
  return <bdi dir="ltr">{String(field.value)}</bdi>;
}

/** The payload as readable fields. */
export function EventFields({ event }: { event: EventView }) {
  const intl = useIntl();
  if (event.fields.length === 0) return <FormattedMessage id="events.noFields" />;
  return (
    <Facts aria-label={intl.formatMessage({ id: 'events.payload' })} data-testid="event-fields">
      {event.fields.map((f) => (
        <Fact key={f.path}>
          <dt>
            <code dir="ltr">{f.path}</code>
          </dt>
          <dd>
            <FieldValue field={f} />
          </dd>
        </Fact>
      ))}
      {event.fieldsTruncated && (
        <Note>
          <FormattedMessage id="events.fieldsTruncated" />
        </Note>
      )}
    </Facts>
  );
}

const fieldValue = (event: EventView, path: string) => {
  const f = event.fields.find((x) => x.path === path && x.masked === null);
  return typeof f?.value === 'string' ? f.value : null;
};

/** Who did it: a customer, a staff member or a charger links to their screen; the system and visitors do not. */
export function ActorLink({ actor }: { actor: EventView['actor'] }) {
  const intl = useIntl();
  const label = actor.name ?? actor.id;
  const kind = intl.formatMessage({ id: `events.actor.${actor.type}` });
  const text = `${kind}: ${label}`;
  if (actor.type === 'customer')
    return (
      <Link to={paths.admin.users} search={{ selected: actor.id } as never}>
        {text}
      </Link>
    );
  if (actor.type === 'staff')
    return (
      <Link to={paths.admin.admins} search={{ selected: actor.id } as never}>
        {text}
      </Link>
    );
  if (actor.type === 'charger')
    return (
      <Link to={paths.admin.chargerOperations} params={{ chargerId: actor.id }}>
        {text}
      </Link>
    );
  return <span>{text}</span>;
}

const STREAM_SCREENS: [RegExp, string][] = [
  [/^station-(.+)$/, paths.admin.chargerManagement],
  [/^session-(.+)$/, paths.admin.sessions],
  [/^(?:account|wallet)-(?!email-)(.+)$/, paths.admin.users],
  [/^country-(.+)$/, paths.admin.countries],
  [/^governorate-(.+)$/, paths.admin.governorates],
  [/^role-(.+)$/, paths.admin.roles],
  [/^contact-request-(.+)$/, paths.admin.contactRequests],
  [/^card-request-(.+)$/, paths.admin.cardRequests],
  [/^booking-(.+)$/, paths.admin.bookings],
];

/** The item's admin screen: by its stream, or the charger the event is about. */
export function ItemLink({ event }: { event: EventView }) {
  if (event.streamId === 'pricing-network') {
    return (
      <Link to={paths.admin.pricing}>
        <FormattedMessage id="events.openItem" />
      </Link>
    );
  }
  const chargerId = /^charger-live-(.+)$/.exec(event.streamId)?.[1] ?? fieldValue(event, 'chargerId');
  const screen = STREAM_SCREENS.map(([re, to]) => [re.exec(event.streamId)?.[1], to] as const).find(([id]) => id);
  return (
    <>
      {screen && (
        <Link to={screen[1]} search={{ selected: screen[0] } as never}>
          <FormattedMessage id="events.openItem" />
        </Link>
      )}
      {chargerId && (
        <Link to={paths.admin.chargerOperations} params={{ chargerId }}>
          <FormattedMessage id="events.openCharger" values={{ chargerId }} />
        </Link>
      )}
    </>
  );
}

/** Where the event is in the log, who, when, why, and the ids that chain it to others. */
export function EventMeta({ event }: { event: EventView }) {
  const time = useEventTime();
  return (
    <Facts>
      <dt>
        <FormattedMessage id="events.occurredAt" />
      </dt>
      <dd>
        <time dateTime={event.occurredAt}>{time(event.occurredAt)}</time>
      </dd>
      <dt>
        <FormattedMessage id="events.stream" />
      </dt>
      <dd>
        <SearchLink criteria={{ stream: event.streamId }}>
          <bdi dir="ltr">{event.streamId}</bdi>
        </SearchLink>{' '}
        <FormattedMessage id="events.revision" values={{ revision: event.revision, position: event.position }} />
      </dd>
      <dt>
        <FormattedMessage id="events.actor" />
      </dt>
      <dd>
        <ActorLink actor={event.actor} />
      </dd>
      <dt>
        <FormattedMessage id="events.reason" />
      </dt>
      <dd>{event.reason ?? '—'}</dd>
      <dt>
        <FormattedMessage id="events.correlation" />
      </dt>
      <dd>
        <SearchLink criteria={{ correlationId: event.correlationId }}>
          <code dir="ltr">{event.correlationId}</code>
        </SearchLink>
      </dd>
      <dt>
        <FormattedMessage id="events.causation" />
      </dt>
      <dd>
        <code dir="ltr">{event.causationId}</code>
      </dd>
      <dt>
        <FormattedMessage id="events.schemaVersion" />
      </dt>
      <dd>{event.schemaVersion}</dd>
    </Facts>
  );
}
