import { DIAGNOSTICS_DEFAULT_MAX_BYTES } from '@evc/contracts';

/** Where chargers upload and how much a file may hold (DIAGNOSTICS_UPLOAD_BASE_URL or PUBLIC_URL, DIAGNOSTICS_MAX_BYTES). */
export interface DiagnosticsSettings {
  /** The product's address as chargers reach it, without a trailing slash. */
  uploadBaseUrl: string;
  maxBytes: number;
}

export const DIAGNOSTICS_SETTINGS = Symbol('DiagnosticsSettings');

export const defaultDiagnosticsSettings = (): DiagnosticsSettings => ({
  uploadBaseUrl: 'http://localhost:3000',
  maxBytes: DIAGNOSTICS_DEFAULT_MAX_BYTES,
});
