// i18n-catalog: app — the staff's event screens.
import { Fragment, useEffect, useMemo, useState, type FormEvent } from 'react';
import styled from '@emotion/styled';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { EVENT_ACTOR_TYPES, eventSearchQuerySchema } from '@evc/contracts/audit';
import type { EventView } from '@evc/contracts/audit';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { fromCairoInput, toCairoInput } from '../../../lib/cairo-time';
import { useEventSearch, useEventTail, type EventCriteria } from '../api/events-api';
import { Screen, Table, TableScroll, Toolbar } from '../../../components/admin/admin-ui';
import { Loaded, useEventTime } from '../../../components/admin/log-parts';
import { EventFields, EventMeta, ItemLink, SearchLink } from './event-parts';
import { HeaderRow } from '../../../components/admin/header-row';

/** The criteria in the URL, in the order of the form. */
const KEYS = ['stream', 'streamPrefix', 'type', 'actorType', 'actorId', 'correlationId', 'from', 'to', 'q'] as const;
type Key = (typeof KEYS)[number];
type FormValues = Record<Key, string>;

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

function criteriaOf(search: Record<string, unknown>): EventCriteria {
  const out: Record<string, string> = {};
  for (const k of KEYS) {
    const v = text(search[k]);
    if (v) out[k] = v;
  }
  // sign-ins are left out unless asked for (the server's default)
  if (search.signIns === 'show') out.signIns = 'show';
  return out as EventCriteria;
}

const Detail = styled.div`
  display: grid;
  gap: 0.75rem;
`;

const SearchForm = styled.form`
  display: grid;
  gap: 0.75rem;
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
`;

const SearchActions = styled(Toolbar)`
  grid-column: 1 / -1;
`;

/** One result row and, when open, its detail right below it. */
function EventRow({ event, open, fresh, onToggle }: { event: EventView; open: boolean; fresh: boolean; onToggle: () => void }) {
  const time = useEventTime();
  return (
    <Fragment>
      <tr
        aria-expanded={open}
        data-fresh={fresh || undefined}
        data-testid="event-row"
        tabIndex={0}
        onClick={onToggle}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), onToggle())}
      >
        <td>
          <time dateTime={event.recordedAt}>{time(event.recordedAt)}</time>
        </td>
        <td dir="ltr">{event.type}</td>
        <td>
          <bdi dir="ltr">{event.streamId}</bdi>
        </td>
        <td>
          <FormattedMessage id={`events.actor.${event.actor.type}`} />
          {event.actor.name ? `: ${event.actor.name}` : ''}
        </td>
        <td>{event.reason ?? ''}</td>
      </tr>
      {open && (
        <tr>
          <td colSpan={5}>
            <Detail data-testid="event-detail">
              <Toolbar>
                <Link to={paths.admin.event} params={{ position: String(event.position) }}>
                  <FormattedMessage id="events.followChain" />
                </Link>
                <SearchLink criteria={{ stream: event.streamId }}>
                  <FormattedMessage id="events.thisStream" />
                </SearchLink>
                <ItemLink event={event} />
              </Toolbar>
              <EventMeta event={event} />
              <EventFields event={event} />
            </Detail>
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/**
 * /admin/events (events.read): search the log by stream, stream prefix, type, actor, correlation id, time (Cairo) and
 * free text; newest first; sign-ins (token refreshes) only when "Show sign-ins" is pressed or the search names them; "older" pages continue below the last event read, so they hold while events arrive; the
 * live tail adds what is new every 2 s. The criteria live in the URL.
 */
export function EventsPage() {
  const intl = useIntl();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const criteria = useMemo(() => criteriaOf(search), [search]);
  const live = search.live === '1';
  const form = useSchemaForm<FormValues>(() => {
    const c = criteriaOf(search) as Record<string, string>;
    return Object.fromEntries(
      KEYS.map((k) => [k, k === 'from' || k === 'to' ? (c[k] ? toCairoInput(c[k]) : '') : (c[k] ?? '')]),
    ) as FormValues;
  });
  const results = useEventSearch(criteria);
  const [open, setOpen] = useState<number | null>(null);
  const [fresh, setFresh] = useState<EventView[]>([]);
  const pages = results.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.dataList);
  const newest = fresh[0]?.position ?? rows[0]?.position ?? pages[0]?.head ?? 0;
  const tail = useEventTail(criteria, newest, live && results.isSuccess);
  const [gap, setGap] = useState(false);

  useEffect(() => setFresh([]), [criteria]);
  useEffect(() => {
    const found = tail.data?.dataList ?? [];
    if (found.length === 0) return;
    setFresh((held) => [...found.filter((e) => !held.some((h) => h.position === e.position)), ...held]);
    if (tail.data?.gap) setGap(true);
  }, [tail.data]);

  const go = (next: EventCriteria, keepLive = live) =>
    void navigate({ to: paths.admin.events, search: { ...next, ...(keepLive ? { live: '1' } : {}) } as never });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const raw: Record<string, string | undefined> = {};
    for (const k of KEYS) {
      const v = form.values[k].trim();
      raw[k] = v === '' ? undefined : k === 'from' || k === 'to' ? (fromCairoInput(v) ?? v) : v;
    }
    const valid = form.validate(eventSearchQuerySchema, raw);
    if (!valid) return;
    setGap(false);
    go({
      ...(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)) as EventCriteria),
      ...(criteria.signIns ? { signIns: criteria.signIns } : {}),
    });
  };
  const last = pages.at(-1);
  const all = [...fresh, ...rows];

  return (
    <Screen>
      <h1>
        <FormattedMessage id="events.title" />
      </h1>
      <SearchForm onSubmit={onSubmit} noValidate aria-label={intl.formatMessage({ id: 'events.searchForm' })}>
        {KEYS.map((k) =>
          k === 'actorType' ? (
            <Field key={k} label={intl.formatMessage({ id: `events.field.${k}` })} error={form.errorText(k)}>
              <select {...form.bind(k)}>
                <option value="">{intl.formatMessage({ id: 'events.anyActor' })}</option>
                {EVENT_ACTOR_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {intl.formatMessage({ id: `events.actor.${t}` })}
                  </option>
                ))}
              </select>
            </Field>
          ) : (
            <Field
              key={k}
              label={intl.formatMessage({ id: `events.field.${k}` })}
              error={form.errorText(k)}
              hint={k === 'streamPrefix' ? intl.formatMessage({ id: 'events.prefixHint' }) : undefined}
            >
              <input
                type={k === 'from' || k === 'to' ? 'datetime-local' : k === 'q' ? 'search' : 'text'}
                step={k === 'from' || k === 'to' ? 1 : undefined}
                dir={k === 'q' ? undefined : 'ltr'}
                {...form.bind(k)}
              />
            </Field>
          ),
        )}
        <SearchActions>
          <Button type="submit">
            <FormattedMessage id="events.search" />
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => (form.setValues(Object.fromEntries(KEYS.map((k) => [k, ''])) as FormValues), go({}))}
          >
            <FormattedMessage id="events.clear" />
          </Button>
          <span className="spacer" />
          <Button
            type="button"
            variant="secondary"
            aria-pressed={criteria.signIns === 'show'}
            onClick={() => go({ ...criteria, signIns: criteria.signIns === 'show' ? undefined : 'show' })}
          >
            <FormattedMessage id="events.showSignIns" />
          </Button>
          <Button type="button" variant={live ? 'primary' : 'secondary'} aria-pressed={live} onClick={() => go(criteria, !live)}>
            <FormattedMessage id={live ? 'events.liveOn' : 'events.liveOff'} />
          </Button>
        </SearchActions>
      </SearchForm>
      <p role="status">
        {live && <FormattedMessage id="events.liveStatus" values={{ count: fresh.length }} />}
        {gap && (
          <>
            {' '}
            <FormattedMessage id="events.liveGap" />
          </>
        )}
      </p>
      <Loaded query={results}>
        {() => (
          <>
            <TableScroll>
              <Table aria-label={intl.formatMessage({ id: 'events.results' })}>
                <thead>
                  <HeaderRow ids={['events.col.time', 'events.col.type', 'events.col.stream', 'events.col.actor', 'events.col.reason']} />
                </thead>
                <tbody>
                  {all.map((event) => (
                    <EventRow
                      key={event.position}
                      event={event}
                      fresh={fresh.includes(event)}
                      open={open === event.position}
                      onToggle={() => setOpen((o) => (o === event.position ? null : event.position))}
                    />
                  ))}
                  {all.length === 0 && (
                    <tr>
                      <td colSpan={5}>
                        <FormattedMessage id="events.none" />
                      </td>
                    </tr>
                  )}
                </tbody>
              </Table>
            </TableScroll>
            {last && (
              <p>
                <FormattedMessage id="events.scanned" values={{ scanned: pages.reduce((n, p) => n + p.scanned, 0), shown: rows.length }} />
              </p>
            )}
            {results.hasNextPage && (
              <Button type="button" variant="secondary" disabled={results.isFetchingNextPage} onClick={() => void results.fetchNextPage()}>
                <FormattedMessage id={last && last.dataList.length === 0 ? 'events.searchFurther' : 'events.older'} />
              </Button>
            )}
          </>
        )}
      </Loaded>
    </Screen>
  );
}
