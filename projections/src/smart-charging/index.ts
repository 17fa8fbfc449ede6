// Smart charging: each station's limit and load with its chart (staff), each session's power and share (its driver).
export { SESSION_POWER, sessionPowerProjection, type SessionPowerDoc } from './session-power.projection';
export {
  EMPTY_SITE_LOAD,
  SITE_LOAD,
  SITE_LOAD_POINTS,
  siteLoadProjection,
  type SiteLoadDoc,
  type SiteLoadPointDoc,
} from './site-load.projection';
