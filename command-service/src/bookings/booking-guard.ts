/** Who holds a connector by booking at a moment: the charging context asks before a start or a charger's token. */
export interface BookingHolder {
  bookingId: string;
  customerId: string;
  /** The booking's app token (the charger holds the reservation for it); null while its create is under way. */
  idTag: string | null;
}

export interface BookingGuard {
  /** The open booking whose slot covers `at` on the connector, or null. */
  holderAt(chargerId: string, connectorId: number, at: Date): Promise<BookingHolder | null>;
}

/** Nest token of the process's BookingGuard (the Bookings service). */
export const BOOKING_GUARD = Symbol('BookingGuard');
