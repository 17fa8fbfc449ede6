// i18n-catalog: app — staff screen, loaded lazily by its admin route after the app catalog.
import { ChargerLiveParts } from '../../features/chargers-live/admin/charger-live-parts';
import { StationsAdminPage } from '../../features/network/admin/stations-admin-page';

/** /admin/chargerManagement composed: network's stations and chargers registry with chargers-live's live parts. */
export function StationsScreen() {
  return <StationsAdminPage liveParts={ChargerLiveParts} />;
}
