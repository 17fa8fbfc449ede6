import { atom } from 'jotai';

/** The deployed version when it is newer than this bundle and one reload did not bring it (shows the banner). */
export const newerVersionAtom = atom<string | null>(null);
