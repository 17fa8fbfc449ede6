// i18n-catalog: app — the staff's event screens.
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { addDays } from '@evc/contracts/shared';
import { TIMELINE_TYPES, type TimelineCategory, type TimelineEntry } from '@evc/contracts/audit';
import { paths } from '../../../config/paths';
import { Screen, Table, TableScroll, Toolbar } from '../../../components/admin/admin-ui';
import { Chip, type Tone } from '../../../components/admin/chip';
import { Loaded } from '../../../components/admin/log-parts';
import { Button } from '../../../components/ui/button';
import { useLocale } from '../../../hooks/use-locale';
import { formatCairo, toCairoInput } from '../../../lib/cairo-time';
import { useChargerDay } from '../api/events-api';
import { HeaderRow } from '../../../components/admin/header-row';

const TONE: Record<TimelineCategory, Tone> = {
  connection: 'active',
  boot: 'active',
  status: 'idle',
  fault: 'bad',
  session: 'ok',
  command: 'busy',
  alert: 'bad',
  firmware: 'busy',
  diagnostics: 'busy',
  maintenance: 'idle',
  registry: 'idle',
  other: 'idle',
};

/** A known type by its translated label; any other by its type name, so events added later show as they are. */
function TypeLabel({ type }: { type: string }) {
  return type in TIMELINE_TYPES ? <FormattedMessage id={`audit.timeline.type.${type}`} /> : <bdi dir="ltr">{type}</bdi>;
}

function Entry({ e }: { e: TimelineEntry }) {
  const locale = useLocale();
  return (
    <tr data-testid="timeline-entry" data-category={e.category}>
      <td>{formatCairo(e.at, locale, 'timeSeconds')}</td>
      <td>
        <Chip tone={TONE[e.category]}>
          <FormattedMessage id={`audit.timeline.category.${e.category}`} />
        </Chip>
      </td>
      <td>
        <Link to={paths.admin.event} params={{ position: String(e.position) }}>
          <TypeLabel type={e.type} />
        </Link>
      </td>
      <td>{e.detail ? <bdi dir="ltr">{e.detail}</bdi> : '—'}</td>
    </tr>
  );
}

/**
 * /admin/chargers/$chargerId/day (events.read): a charger's Cairo day, oldest first: connections, boots, statuses,
 * faults, sessions, commands and their answers, alerts, firmware, diagnostics and any other event naming it, each
 * linked to the event explorer. One day at a time; a busy day loads in pages.
 */
export function ChargerDayPage() {
  const intl = useIntl();
  const locale = useLocale();
  const { chargerId } = useParams({ strict: false }) as { chargerId: string };
  const search = useSearch({ strict: false }) as { date?: string };
  const navigate = useNavigate();
  const today = toCairoInput(Date.now()).slice(0, 10);
  const date = search.date && /^\d{4}-\d{2}-\d{2}$/.test(search.date) ? search.date : today;
  const go = (d: string) => void navigate({ to: '.', search: { date: d } as never, replace: true });
  const day = useChargerDay(chargerId, date);
  return (
    <Screen>
      <h1>
        <FormattedMessage id="audit.timeline.title" values={{ chargerId }} />
      </h1>
      <Toolbar>
        <Link to={paths.admin.chargerOperations} params={{ chargerId }}>
          <FormattedMessage id="audit.timeline.operations" />
        </Link>
        <span className="spacer" />
        <Button type="button" variant="secondary" onClick={() => go(addDays(date, -1))}>
          <FormattedMessage id="audit.timeline.previousDay" />
        </Button>
        <label>
          <FormattedMessage id="audit.timeline.day" />{' '}
          <input type="date" value={date} max={today} onChange={(e) => /^\d{4}-\d{2}-\d{2}$/.test(e.target.value) && go(e.target.value)} />
        </label>
        <Button type="button" variant="secondary" disabled={date >= today} onClick={() => go(addDays(date, 1))}>
          <FormattedMessage id="audit.timeline.nextDay" />
        </Button>
      </Toolbar>
      <p>
        <FormattedMessage id="audit.timeline.of" values={{ day: formatCairo(`${date}T10:00:00Z`, locale, 'date') }} />
      </p>
      <Loaded query={day}>
        {(data) => {
          const entries = data.pages.flatMap((p) => p.entries);
          return (
            <>
              {entries.length === 0 ? (
                <p>
                  <FormattedMessage id="audit.timeline.empty" />
                </p>
              ) : (
                <TableScroll>
                  <Table aria-label={intl.formatMessage({ id: 'audit.timeline.title' }, { chargerId })}>
                    <thead>
                      <HeaderRow
                        ids={[
                          'audit.timeline.col.time',
                          'audit.timeline.col.category',
                          'audit.timeline.col.event',
                          'audit.timeline.col.detail',
                        ]}
                      />
                    </thead>
                    <tbody>
                      {entries.map((e) => (
                        <Entry key={e.position} e={e} />
                      ))}
                    </tbody>
                  </Table>
                </TableScroll>
              )}
              {day.hasNextPage && (
                <Button type="button" variant="secondary" disabled={day.isFetchingNextPage} onClick={() => void day.fetchNextPage()}>
                  <FormattedMessage id="audit.timeline.more" />
                </Button>
              )}
            </>
          );
        }}
      </Loaded>
    </Screen>
  );
}
