import { atom } from 'jotai';

/** Unseen notifications of the signed-in customer (the header's badge); kept by charging's NotificationCountSync. */
export const notificationCountAtom = atom(0);
