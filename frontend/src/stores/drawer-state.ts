import { atom } from 'jotai';
import { DEFAULT_DRAWER_TAB } from '@evc/contracts/shared';

/** The selected tab of the customer drawer/profile (docs/rules.md §3: defaults to "1"). */
export const drawerTabAtom = atom<string>(DEFAULT_DRAWER_TAB);
