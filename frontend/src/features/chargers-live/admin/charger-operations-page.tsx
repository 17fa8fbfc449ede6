// i18n-catalog: app — the staff's event screens.
import { useMemo, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ChargerOperationsView } from '@evc/contracts/audit';
import { paths } from '../../../config/paths';
import { useChargerOperations } from '../api/operations-api';
import { Screen, Table, Toolbar } from '../../../components/admin/admin-ui';
import { Chip, OnlineBadge } from '../../../components/admin/chip';
import { HeaderRow } from '../../../components/admin/header-row';
import { Loaded, useEventTime } from '../../../components/admin/log-parts';

/** The window choices (hours back from now). */
const WINDOWS = [24, 24 * 7, 24 * 30] as const;
const HOUR_MS = 3_600_000;

function Section({
  titleId,
  empty,
  columns,
  children,
  count,
}: {
  titleId: string;
  empty: boolean;
  columns: string[];
  children: ReactNode;
  count: number;
}) {
  const intl = useIntl();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>
        <FormattedMessage id={titleId} values={{ count }} />
      </h2>
      {empty ? (
        <p>
          <FormattedMessage id="chargerOps.none" />
        </p>
      ) : (
        <Table aria-label={intl.formatMessage({ id: titleId }, { count })}>
          <thead>
            <HeaderRow ids={columns} />
          </thead>
          <tbody>{children}</tbody>
        </Table>
      )}
    </section>
  );
}

function Dropped({ view }: { view: ChargerOperationsView }) {
  const time = useEventTime();
  const intl = useIntl();
  return (
    <Section
      titleId="chargerOps.dropped"
      count={view.dropped.length}
      empty={view.dropped.length === 0}
      columns={['chargerOps.col.ended', 'chargerOps.col.session', 'chargerOps.col.why', 'chargerOps.col.around']}
    >
      {view.dropped.map((d) => (
        <tr key={d.sessionId} data-testid="dropped-session">
          <td>{time(d.endedAt)}</td>
          <td>
            <Link to={paths.admin.sessions} search={{ selected: d.sessionId } as never}>
              <bdi dir="ltr">{d.sessionId.slice(0, 8)}</bdi>
            </Link>{' '}
            <FormattedMessage id="chargerOps.connector" values={{ n: d.connectorId }} />
          </td>
          <td>
            {d.failure
              ? intl.formatMessage({ id: `charging.failure.${d.failure}` })
              : d.stopReason
                ? intl.formatMessage({ id: `charging.stopReason.${d.stopReason}` })
                : '—'}
            {d.chargerReason && (
              <>
                {' '}
                <FormattedMessage id="chargerOps.chargerSaid" values={{ reason: d.chargerReason }} />
              </>
            )}
          </td>
          <td>
            {d.around.length === 0 ? (
              <FormattedMessage id="chargerOps.nothingAround" />
            ) : (
              <ul>
                {d.around.map((a) => (
                  <li key={a.position}>
                    {time(a.at)}{' '}
                    <Link to={paths.admin.event} params={{ position: String(a.position) }}>
                      <bdi dir="ltr">{a.type}</bdi>
                    </Link>
                    {a.detail ? (
                      <>
                        {' '}
                        <bdi dir="ltr">{a.detail}</bdi>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </td>
        </tr>
      ))}
    </Section>
  );
}

/**
 * /admin/chargers/$chargerId/operations (events.read), opened from the stations admin's charger panel: a charger's
 * connection history, boots, faults (with the vendor's code) over a window, the sessions it dropped with what it did
 * around each, and its last hundred events: what an engineer on call needs to say why a session dropped.
 */
export function ChargerOperationsPage() {
  const intl = useIntl();
  const time = useEventTime();
  const { chargerId } = useParams({ strict: false }) as { chargerId: string };
  const search = useSearch({ strict: false }) as { hours?: string };
  const navigate = useNavigate();
  const hours = WINDOWS.find((h) => String(h) === search.hours) ?? 24 * 7;
  // The window's start moves only when the choice changes (a fixed key between refreshes).
  const from = useMemo(() => new Date(Math.floor((Date.now() - hours * HOUR_MS) / 60_000) * 60_000).toISOString(), [hours]);
  const ops = useChargerOperations(chargerId, from, null);
  return (
    <Screen>
      <h1>
        <FormattedMessage id="chargerOps.title" values={{ chargerId }} />
      </h1>
      <Toolbar>
        <Link to={paths.admin.chargerManagement}>
          <FormattedMessage id="chargerOps.back" />
        </Link>
        <Link to={paths.admin.events} search={{ stream: `charger-live-${chargerId}` } as never}>
          <FormattedMessage id="chargerOps.inExplorer" />
        </Link>
        <Link to={paths.admin.chargerDiagnostics} params={{ chargerId }}>
          <FormattedMessage id="diagnostics.link" />
        </Link>
        <Link to={paths.admin.chargerDay} params={{ chargerId }}>
          <FormattedMessage id="chargerOps.day" />
        </Link>
        <span className="spacer" />
        <label>
          <FormattedMessage id="chargerOps.window" />{' '}
          <select value={hours} onChange={(e) => void navigate({ to: '.', search: { hours: e.target.value } as never, replace: true })}>
            {WINDOWS.map((h) => (
              <option key={h} value={h}>
                {intl.formatMessage({ id: 'chargerOps.windowDays' }, { days: h / 24 })}
              </option>
            ))}
          </select>
        </label>
      </Toolbar>
      <Loaded query={ops}>
        {(v) => (
          <>
            <Toolbar>
              <OnlineBadge online={v.online} />
              {v.stationId && (
                <Link to={paths.admin.chargerManagement} search={{ selected: v.stationId } as never}>
                  <FormattedMessage id="chargerOps.station" />
                </Link>
              )}
            </Toolbar>
            <Dropped view={v} />
            <Section
              titleId="chargerOps.connections"
              count={v.connections.length}
              empty={v.connections.length === 0}
              columns={['chargerOps.col.connected', 'chargerOps.col.disconnected', 'chargerOps.col.protocol', 'chargerOps.col.how']}
            >
              {v.connections.map((c) => (
                <tr key={c.connectionId} data-testid="connection">
                  <td>{c.connectedAt ? time(c.connectedAt) : '—'}</td>
                  <td>{c.disconnectedAt ? time(c.disconnectedAt) : <FormattedMessage id="chargerOps.stillConnected" />}</td>
                  <td dir="ltr">{c.protocol || '—'}</td>
                  <td>{c.reason ? intl.formatMessage({ id: `chargerOps.reason.${c.reason}` }) : '—'}</td>
                </tr>
              ))}
            </Section>
            <Section
              titleId="chargerOps.boots"
              count={v.boots.length}
              empty={v.boots.length === 0}
              columns={['chargerOps.col.at', 'chargerOps.col.bootReason', 'chargerOps.col.model', 'chargerOps.col.firmware']}
            >
              {v.boots.map((b) => (
                <tr key={`${b.at}-${b.connectionId}`} data-testid="boot">
                  <td>{time(b.at)}</td>
                  <td dir="ltr">{b.reason ?? '—'}</td>
                  <td dir="ltr">{`${b.vendor} ${b.model}`}</td>
                  <td dir="ltr">{b.firmwareVersion ?? '—'}</td>
                </tr>
              ))}
            </Section>
            <Section
              titleId="chargerOps.faults"
              count={v.faults.length}
              empty={v.faults.length === 0}
              columns={[
                'chargerOps.col.at',
                'chargerOps.col.connector',
                'chargerOps.col.fault',
                'chargerOps.col.vendorCode',
                'chargerOps.col.cleared',
              ]}
            >
              {v.faults.map((f) => (
                <tr key={`${f.at}-${f.connectorId}`} data-testid="fault">
                  <td>{time(f.at)}</td>
                  <td>
                    <FormattedMessage id="chargerOps.connector" values={{ n: f.connectorId }} />
                  </td>
                  <td>
                    <Chip tone="bad">
                      <bdi dir="ltr">{f.code}</bdi>
                    </Chip>{' '}
                    {f.info && <bdi dir="ltr">{f.info}</bdi>}
                  </td>
                  <td dir="ltr">{f.vendorErrorCode ?? '—'}</td>
                  <td>{f.clearedAt ? time(f.clearedAt) : <FormattedMessage id="chargerOps.notCleared" />}</td>
                </tr>
              ))}
            </Section>
            <Section
              titleId="chargerOps.events"
              count={v.events.length}
              empty={v.events.length === 0}
              columns={['events.col.time', 'events.col.type', 'events.col.stream', 'events.col.actor']}
            >
              {v.events.map((e) => (
                <tr key={e.position}>
                  <td>{time(e.recordedAt)}</td>
                  <td>
                    <Link to={paths.admin.event} params={{ position: String(e.position) }}>
                      <bdi dir="ltr">{e.type}</bdi>
                    </Link>
                  </td>
                  <td>
                    <bdi dir="ltr">{e.streamId}</bdi>
                  </td>
                  <td>
                    <FormattedMessage id={`events.actor.${e.actor.type}`} />
                  </td>
                </tr>
              ))}
            </Section>
          </>
        )}
      </Loaded>
    </Screen>
  );
}
