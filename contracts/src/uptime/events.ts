/**
 * Events of `uptime-station-<stationId>`, actor staff: the planned maintenance declared for the station, one of its
 * chargers or one connector, and the station's availability target. The reason is the event's own (metadata).
 */
export type MaintenanceDeclared = {
  type: 'MaintenanceDeclared';
  data: {
    stationId: string;
    maintenanceId: string;
    /** null: the whole station. */
    chargerId: string | null;
    /** null: every connector of the charger (or of the station). */
    connectorId: number | null;
    from: string;
    to: string;
    at: string;
  };
};
/** A declaration withdrawn before its window began. */
export type MaintenanceCancelled = {
  type: 'MaintenanceCancelled';
  data: { stationId: string; maintenanceId: string; at: string };
};
/** The share of in-service time the station should be available, in basis points (9700 = 97.00 %). */
export type UptimeTargetSet = {
  type: 'UptimeTargetSet';
  data: { stationId: string; targetBp: number; previousBp: number; at: string };
};

export type UptimeEvent = MaintenanceDeclared | MaintenanceCancelled | UptimeTargetSet;

export const uptimeStreams = { station: (stationId: string) => `uptime-station-${stationId}` };
