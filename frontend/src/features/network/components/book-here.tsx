// i18n-catalog: app — rendered only once the app catalog has loaded (a signed-in customer's, fetched here first).
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useStore } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { paths } from '../../../config/paths';
import { requireAppCatalog } from '../../../lib/i18n/load-messages';

/** "Book this station" for a signed-in customer: its own chunk, so the public pages' catalog and bundle stay as they were. */
export default function BookHere({ stationId }: { stationId: string }) {
  const store = useStore();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void requireAppCatalog(store).then(
      () => live && setReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [store]);
  if (!ready) return null;
  return (
    <Link to={paths.customer.newBooking} search={{ station: stationId }}>
      <FormattedMessage id="booking.bookHere" />
    </Link>
  );
}
