import { PIASTRES_PER_EGP } from './constants';

/** Money is integer piastres everywhere; these convert at the edges only. */
export const egpToPiastres = (egp: number): number => Math.round(egp * PIASTRES_PER_EGP);
export const piastresToEgp = (piastres: number): number => piastres / PIASTRES_PER_EGP;
