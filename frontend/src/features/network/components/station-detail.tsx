import styled from '@emotion/styled';
import { Suspense, lazy, useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { isCustomer, sessionAtom } from '../../../stores/auth-state';
import { Card } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { theme } from '../../../styles/theme';
import { useLocale } from '../../../hooks/use-locale';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { ApiRequestError } from '../../../lib/api-client';
import { useStation } from '../api/stations';
import { usePricing } from '../../../hooks/use-reference-data';
import { localName, stationAvailability } from '../../../lib/station-status';
import { AvailabilityBadge, ConnectorStatusBadge } from '../../../components/stations/availability-badge';
import { PriceLine } from '../../../components/stations/price-line';

const BookHere = lazy(() => import('./book-here'));

const Panel = styled(Card)`
  display: grid;
  gap: 0.75rem;
  .head {
    display: flex;
    justify-content: space-between;
    gap: 1rem;
    align-items: start;
  }
  table {
    inline-size: 100%;
    border-collapse: collapse;
  }
  th,
  td {
    text-align: start;
    padding-block: 0.35rem;
    padding-inline: 0.5rem;
    border-block-end: 1px solid ${theme.color.border};
  }
`;

/** One station with its chargers and connectors; live via the stations query key. */
export function StationDetail({ stationId, onClose }: { stationId: string; onClose: () => void }) {
  const intl = useIntl();
  const locale = useLocale();
  const station = useStation(stationId);
  const pricing = usePricing();
  const customer = isCustomer(useAtomValue(sessionAtom));
  const shown = useRef<HTMLDivElement>(null);
  // opened from the list or the map: bring it into view (below the map on a phone)
  useEffect(() => {
    // a block, not an expression: newer browsers answer scrollIntoView with a promise, which React would call
    shown.current?.scrollIntoView?.({ block: 'nearest' });
  }, [station.isSuccess]);
  if (station.isPending) return <Spinner />;
  if (station.isError) {
    const code = station.error instanceof ApiRequestError ? station.error.code : 'server.error';
    return <p role="alert">{translateErrorCode(intl, code)}</p>;
  }
  const s = station.data;
  return (
    <Panel as="section" aria-labelledby="station-detail-title" ref={shown}>
      <div className="head">
        <div>
          <h2 id="station-detail-title">{localName(s, locale)}</h2>
          <AvailabilityBadge value={stationAvailability(s)} />
        </div>
        <button type="button" onClick={onClose} aria-label={intl.formatMessage({ id: 'common.close' })}>
          ×
        </button>
      </div>
      <p>
        {locale === 'ar' ? s.addressAr : s.addressEn} — {locale === 'ar' ? s.governorateNameAr : s.governorateNameEn}
      </p>
      <PriceLine station={s} pricing={pricing.data} />
      {customer && (
        <Link to={paths.customer.startCharging} search={{ station: s.stationId }}>
          <FormattedMessage id="charging.startHere" />
        </Link>
      )}
      {customer && (
        <Suspense fallback={null}>
          <BookHere stationId={s.stationId} />
        </Suspense>
      )}
      {s.chargers.map((charger) => (
        <div key={charger.chargerId}>
          <h3>
            <FormattedMessage id="station.charger" values={{ serial: charger.serialNumber, model: charger.model }} />{' '}
            <AvailabilityBadge value={charger.online ? 'available' : 'offline'} />
          </h3>
          <table>
            <thead>
              <tr>
                <th>
                  <FormattedMessage id="station.connector" />
                </th>
                <th>
                  <FormattedMessage id="station.type" />
                </th>
                <th>
                  <FormattedMessage id="station.power" />
                </th>
                <th>
                  <FormattedMessage id="station.status" />
                </th>
              </tr>
            </thead>
            <tbody>
              {charger.connectors.map((c) => (
                <tr key={c.connectorId}>
                  <td>{c.code}</td>
                  <td>
                    {c.type} ({c.current})
                  </td>
                  <td>
                    <FormattedMessage id="station.maxPower" values={{ kw: formatNumber(c.maxPowerKw, locale) }} />
                  </td>
                  <td>
                    <ConnectorStatusBadge status={c.status} online={charger.online} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      <Link to={paths.charge}>
        <FormattedMessage id="station.howToCharge" />
      </Link>
    </Panel>
  );
}
