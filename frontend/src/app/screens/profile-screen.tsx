// i18n-catalog: app — the customer's profile, loaded lazily by its route after the app catalog.
import { useSearch } from '@tanstack/react-router';
import { CarsPanel } from '../../features/charging/components/cars-panel';
import { SessionsPage } from '../../features/charging/components/sessions-page';
import { WalletPage } from '../../features/wallet/components/wallet-page';
import { BookingsPanel } from '../../features/bookings/components/bookings-panel';
import { CardRequestsPanel } from '../../features/cards/components/card-requests-panel';
import { ProfilePage } from '../../features/identity/components/profile-page';

/**
 * /profile composed: the customer feature's tabs with the charging feature's panels (cars, wallet, sessions), the
 * cards feature's card requests (in the requests tab) and the bookings feature's list and history (bookings tab).
 */
export function ProfileScreen() {
  const { tab } = useSearch({ strict: false }) as { tab?: number };
  return (
    <ProfilePage
      tab={tab === undefined ? undefined : String(tab)}
      panels={{
        cars: <CarsPanel />,
        wallet: <WalletPage embedded />,
        sessions: <SessionsPage embedded />,
        cardRequests: <CardRequestsPanel />,
        bookings: <BookingsPanel />,
      }}
    />
  );
}
