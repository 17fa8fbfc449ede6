// i18n-catalog: app — the customer's profile, loaded lazily by its route after the app catalog.
import { useSearch } from '@tanstack/react-router';
import { CarsPanel } from '../../features/charging/components/cars-panel';
import { SessionsPage } from '../../features/charging/components/sessions-page';
import { WalletPage } from '../../features/charging/components/wallet-page';
import { CardRequestsPanel } from '../../features/cards/components/card-requests-panel';
import { ProfilePage } from '../../features/customer/components/profile-page';

/**
 * /profile composed: the customer feature's tabs with the charging feature's panels (cars, wallet, sessions) and the
 * cards feature's card requests (in the requests tab). Bookings (issue 12, `bookings`) join here when that feature merges.
 */
export function ProfileScreen() {
  const { tab } = useSearch({ strict: false }) as { tab?: number };
  return <ProfilePage tab={tab === undefined ? undefined : String(tab)} panels={{ cars: <CarsPanel />, wallet: <WalletPage embedded />, sessions: <SessionsPage embedded />, cardRequests: <CardRequestsPanel /> }} />;
}
