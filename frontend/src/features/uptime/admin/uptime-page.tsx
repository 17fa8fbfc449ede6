// i18n-catalog: app — the staff's uptime screens.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { paths } from '../../../config/paths';
import { Screen, Table, TableScroll, Toolbar } from '../../../components/admin/admin-ui';
import { Loaded } from '../../../components/admin/log-parts';
import { Button } from '../../../components/ui/button';
import { useLocale } from '../../../hooks/use-locale';
import { ApiRequestError } from '../../../lib/api-client';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { pushToastAtom } from '../../../stores/toast-state';
import { downloadUptimeCsv, useNetworkUptime } from '../api/uptime-api';
import { Availability, MonthPicker, TargetChip, percentOfBp, useHours, useMonth } from './uptime-parts';
import { HeaderRow } from '../../../components/admin/header-row';

/**
 * /admin/uptime (analytics.read): every station's availability over a Cairo month against its target, the worst
 * first, with the month as CSV (one line per station and Cairo day).
 */
export function UptimePage() {
  const intl = useIntl();
  const locale = useLocale();
  const [month, setMonth] = useMonth();
  const network = useNetworkUptime(month);
  const hours = useHours();
  const pushToast = useSetAtom(pushToastAtom);
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadUptimeCsv(month);
    } catch (error) {
      pushToast({ kind: 'error', text: translateErrorCode(intl, error instanceof ApiRequestError ? error.code : 'server.error') });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Screen>
      <h1>
        <FormattedMessage id="uptime.title" />
      </h1>
      <p>
        <FormattedMessage id="uptime.intro" />
      </p>
      <Toolbar>
        <MonthPicker month={month} onChange={setMonth} />
        <span className="spacer" />
        <Button type="button" variant="secondary" disabled={exporting} onClick={() => void exportCsv()}>
          <FormattedMessage id="uptime.exportCsv" />
        </Button>
      </Toolbar>
      <Loaded query={network}>
        {(view) =>
          view.rows.length === 0 ? (
            <p>
              <FormattedMessage id="uptime.noStations" />
            </p>
          ) : (
            <TableScroll>
              <Table aria-label={intl.formatMessage({ id: 'uptime.title' })}>
                <thead>
                  <HeaderRow
                    ids={[
                      'uptime.col.station',
                      'uptime.col.availability',
                      'uptime.col.target',
                      'uptime.col.state',
                      'uptime.col.down',
                      'uptime.col.maintenance',
                    ]}
                  />
                </thead>
                <tbody>
                  {view.rows.map((row) => (
                    <tr key={row.stationId} data-testid="uptime-row">
                      <td>
                        <Link to={paths.admin.stationUptime} params={{ stationId: row.stationId }} search={{ month } as never}>
                          {locale === 'ar' ? row.nameAr : row.nameEn}
                        </Link>
                      </td>
                      <td>
                        <Availability figures={row.figures} />
                      </td>
                      <td>{percentOfBp(row.targetBp, intl)}</td>
                      <td>
                        <TargetChip below={row.belowTarget} figures={row.figures} />
                      </td>
                      <td>{hours(row.figures.downMs)}</td>
                      <td>{hours(row.figures.maintenanceMs)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
          )
        }
      </Loaded>
    </Screen>
  );
}
