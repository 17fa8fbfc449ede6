// i18n-catalog: app — the customer area's cards page.
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { paths } from '../../../config/paths';
import { MyCardsPanel } from './my-cards-panel';
import { Stack } from './card-ui';

/** The customer's charging cards (paths.customer.cards), with turning off a lost card. */
export function MyCardsPage() {
  return (
    <Stack>
      <MyCardsPanel asPage />
      <p>
        <Link to={paths.customer.cardRequest}>
          <FormattedMessage id="cards.cards.requestAnother" />
        </Link>
      </p>
    </Stack>
  );
}
