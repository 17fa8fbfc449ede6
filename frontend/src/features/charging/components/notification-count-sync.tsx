import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { notificationCountAtom } from '../../../stores/notification-count';
import { useUnseenCount } from '../api/charging-api';

/** Keeps the header's notification count on me.notifications' unseenCount (lazy: only for signed-in customers). */
export function NotificationCountSync() {
  const setCount = useSetAtom(notificationCountAtom);
  const count = useUnseenCount(true);
  useEffect(() => {
    if (count.data !== undefined) setCount(count.data);
  }, [count.data, setCount]);
  useEffect(() => () => setCount(0), [setCount]);
  return null;
}

export default NotificationCountSync;
