import type { ReactNode } from 'react';
import type { ChargerAdminView } from '@evc/contracts/network';

/**
 * What another context adds to each charger of the registry's table (its live state, message log and commands): the
 * registry (network) leaves room for it, chargers-live fills it and the app plugs one into the other, so neither
 * feature imports the other.
 */
export interface ChargerRowParts {
  /** Header cells after the registry's own columns. */
  headers: ReactNode;
  /** How many columns `headers` adds (the empty row spans them too). */
  columns: number;
  /** A row's cells under `headers`. */
  cells: (charger: ChargerAdminView) => ReactNode;
  /** Buttons before the registry's own in a row's actions (staff who may write only). */
  actions: (charger: ChargerAdminView) => ReactNode;
  /** Under a row's action buttons. */
  below: (charger: ChargerAdminView) => ReactNode;
  /** Panels under the table, for the chargers on screen. */
  panels: (chargers: readonly ChargerAdminView[]) => ReactNode;
}
