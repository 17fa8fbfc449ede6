// i18n-catalog: app — staff screen, loaded lazily by its admin route after the app catalog.
import { CustomerCardsPanel } from '../../features/cards/admin/customer-cards-panel';
import { CustomersPage } from '../../features/identity/admin/customers-page';
import { WalletPanel } from '../../features/wallet/admin/wallet-panel';

/** /admin/users composed: identity's customers list with the wallet's and the cards' tabs of the selected customer. */
export function CustomersScreen() {
  return (
    <CustomersPage
      tabs={{
        wallet: (customerId) => <WalletPanel customerId={customerId} />,
        cards: (customerId) => <CustomerCardsPanel customerId={customerId} />,
      }}
    />
  );
}
