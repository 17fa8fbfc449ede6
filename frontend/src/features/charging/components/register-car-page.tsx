import { FormattedMessage } from 'react-intl';
import { PageTitle } from '../../../components/ui/layout';
import { CarsPanel } from './cars-panel';
import { Stack } from './charging-ui';

/** /registerCarInfo: add a car (brand → type → battery range, licence images or a customs certificate); edit or remove one. */
export function RegisterCarPage() {
  return (
    <Stack>
      <PageTitle>
        <FormattedMessage id="page.registerCarInfo" />
      </PageTitle>
      <CarsPanel />
    </Stack>
  );
}
