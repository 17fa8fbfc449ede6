// Uptime's read models: charger presence and connector statuses (what availability is computed from), and each
// station's target and declared maintenance.
export {
  UPTIME_SIGNALS,
  UPTIME_STATIONS,
  uptimeProjection,
  type MaintenanceDoc,
  type UptimeSignalDoc,
  type UptimeStationDoc,
} from './uptime.projection';
