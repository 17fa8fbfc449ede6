import { FormattedMessage } from 'react-intl';
import type { PricingView, StationView } from '@evc/contracts/network';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../hooks/use-locale';

/** AC/DC prices per kWh for the currents a station offers. */
export function PriceLine({ station, pricing }: { station: StationView; pricing: PricingView | undefined }) {
  const locale = useLocale();
  if (!pricing) return null;
  const currents = new Set(station.chargers.flatMap((c) => c.connectors.map((k) => k.current)));
  if (currents.size === 0) currents.add('AC');
  return (
    <span>
      {[...currents].sort().map((current, i) => (
        <span key={current}>
          {i > 0 && ' · '}
          <FormattedMessage
            id="station.pricePerKwh"
            values={{
              current,
              price: formatMoney(current === 'DC' ? pricing.dcPricePerKwh : pricing.acPricePerKwh, locale),
            }}
          />
        </span>
      ))}
    </span>
  );
}
