import styled from '@emotion/styled';
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import type { PricingView, StationView } from '@evc/contracts/network';
import { ArrowIcon, PinIcon } from '../ui/icons';
import { paths } from '../../config/paths';
import { formatDistance, formatNumber } from '../../lib/format';
import { theme } from '../../styles/theme';
import { useLocale } from '../../hooks/use-locale';
import { localName, stationAvailability } from '../../lib/station-status';
import { AvailabilityBadge } from './availability-badge';
import { PriceLine } from './price-line';

const Item = styled.li`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  padding: 1rem;
  display: grid;
  gap: 0.35rem;
  h3 {
    margin: 0;
    font-size: 1.05rem;
  }
  .meta {
    color: ${theme.color.muted};
    font-size: 0.92rem;
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1rem;
  }
  .row {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: 0.5rem;
    flex-wrap: wrap;
  }
  a.detail {
    display: inline-flex;
    align-items: center;
    gap: 0.25rem;
    font-weight: 700;
  }
`;

export function StationCard({ station, pricing }: { station: StationView; pricing?: PricingView }) {
  const locale = useLocale();
  return (
    <Item data-testid="station-card">
      <div className="row">
        <h3>{localName(station, locale)}</h3>
        <AvailabilityBadge value={stationAvailability(station)} />
      </div>
      <div className="meta">
        <span>
          <PinIcon /> {locale === 'ar' ? station.addressAr : station.addressEn} —{' '}
          {locale === 'ar' ? station.governorateNameAr : station.governorateNameEn}
        </span>
        {station.distanceM !== undefined && (
          <strong>
            <FormattedMessage id="station.distance" values={{ distance: formatDistance(station.distanceM, locale) }} />
          </strong>
        )}
      </div>
      <div className="meta">
        <span>
          <FormattedMessage
            id="station.connectorsAvailable"
            values={{
              available: station.availableConnectors,
              total: station.totalConnectors,
              availableText: formatNumber(station.availableConnectors, locale),
              totalText: formatNumber(station.totalConnectors, locale),
            }}
          />
        </span>
        <span>{station.connectorTypes.join(', ')}</span>
        <span>
          <FormattedMessage id="station.maxPower" values={{ kw: formatNumber(station.maxPowerKw, locale) }} />
        </span>
      </div>
      <div className="row">
        <PriceLine station={station} pricing={pricing} />
        <Link
          className="detail"
          to={paths.stations}
          search={(prev: Record<string, unknown>) => ({ ...prev, station: station.stationId })}
          resetScroll={false}
        >
          <FormattedMessage id="station.details" /> <ArrowIcon />
        </Link>
      </div>
    </Item>
  );
}
