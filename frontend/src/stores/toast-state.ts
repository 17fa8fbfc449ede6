import { atom } from 'jotai';

export type ToastKind = 'success' | 'error';
export interface Toast {
  id: number;
  kind: ToastKind;
  /** Already translated body text. */
  text: string;
}

export const toastsAtom = atom<Toast[]>([]);

let nextId = 1;
export const pushToastAtom = atom(null, (get, set, toast: Omit<Toast, 'id'>) => {
  const id = nextId++;
  set(toastsAtom, [...get(toastsAtom), { ...toast, id }]);
  setTimeout(() => set(toastsAtom, (list) => list.filter((t) => t.id !== id)), 6000);
});

export const dismissToastAtom = atom(null, (get, set, id: number) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((t) => t.id !== id),
  );
});
