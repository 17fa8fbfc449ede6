// i18n-catalog: app — staff screen, loaded lazily by its admin route after the app catalog.
import { ChargerLiveParts } from '../../features/chargers-live/admin/charger-live-parts';
import { StationsAdminPage } from '../../features/network/admin/stations-admin-page';
import { SitePowerPanel } from '../../features/smart-charging/admin/site-power-panel';
import { SITE_LOAD_LIVE_ROOTS } from '../../features/smart-charging/api/smart-charging-api';

/**
 * /admin/chargerManagement composed: network's stations and chargers registry with chargers-live's live parts and,
 * below a station's chargers, smart charging's power and grid limit.
 */
export function StationsScreen() {
  return <StationsAdminPage liveParts={ChargerLiveParts} stationParts={{ Part: SitePowerPanel, liveRoots: SITE_LOAD_LIVE_ROOTS }} />;
}
