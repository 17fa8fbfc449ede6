// i18n-catalog: app — shown only in the customer area (its route loads the app catalog first).
import { useIntl } from 'react-intl';
import type { CarView } from '@evc/contracts/charging';
import { useLocale } from '../hooks/use-locale';
import { batteryRangeName, carName } from '../lib/names';

/** The options of a "choose a car" select: the empty choice, then each car as "Brand Type · battery". */
export function CarOptions({ cars }: { cars: CarView[] }) {
  const intl = useIntl();
  const locale = useLocale();
  return (
    <>
      <option value="">{intl.formatMessage({ id: 'charging.car.choose' })}</option>
      {cars.map((c) => (
        <option key={c.carId} value={c.carId}>
          {carName(c, locale)} · {batteryRangeName(c, locale)}
        </option>
      ))}
    </>
  );
}
