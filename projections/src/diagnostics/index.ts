// Diagnostics: each charger's diagnostics requests with their status and file (from the log).
export { DIAGNOSTICS_REQUESTS, diagnosticsRequestsProjection, type DiagnosticsRequestDoc } from './diagnostics-requests.projection';
