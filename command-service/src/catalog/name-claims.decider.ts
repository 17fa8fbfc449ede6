import { normalizeDigits, type NameClaimed, type NameReleased } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

export type NameClaimsCommand =
  | { kind: 'claim'; scope: string; itemId: string; name: string; nameAr: string }
  | { kind: 'release'; scope: string; itemId: string };

/** Each item's names in the scope, as written and as compared. */
interface Claim {
  name: string;
  nameAr: string;
  key: string;
  keyAr: string;
}
export interface NameClaimsState {
  claims: Record<string, Claim>;
}

const MARKS = /[\u064B-\u0652\u0640]/g; // Arabic vowel marks and the tatweel: decoration, not spelling
const ALEF = /[\u0622\u0623\u0625\u0671]/g; // آ أ إ ٱ are typed interchangeably for ا

/**
 * The form two names are compared in: trimmed, inner spaces collapsed, case-insensitive, Eastern Arabic digits as
 * Western, Arabic vowel marks and tatweel dropped, alef variants as one. "BYD", " byd " and "Byd" are one name;
 * "أتو ٣" and "اتو 3" too.
 */
export function nameKey(name: string): string {
  return normalizeDigits(name.normalize('NFKC'))
    .replace(MARKS, '')
    .replace(ALEF, '\u0627')
    .trim()
    .replace(/\s+/g, ' ')
    .toLocaleLowerCase('en');
}

/**
 * `names-<scope>`: the English and Arabic names of the items under one parent. A claim is refused when another item
 * holds either name; the same item's claim replaces its names (a rename), so a rename is one event on one stream
 * and two racing creates of one name cannot both win (the second is decided on the first's claim).
 */
export const nameClaimsDecider: Decider<NameClaimsCommand, NameClaimed | NameReleased, NameClaimsState> = {
  initialState: { claims: {} },
  evolve(state, event) {
    const { [event.data.itemId]: _previous, ...others } = state.claims;
    if (event.type === 'NameReleased') return { claims: others };
    const { name, nameAr } = event.data;
    return { claims: { ...others, [event.data.itemId]: { name, nameAr, key: nameKey(name), keyAr: nameKey(nameAr) } } };
  },
  decide(command, state) {
    const mine = state.claims[command.itemId];
    if (command.kind === 'release') return mine ? [{ type: 'NameReleased', data: { scope: command.scope, itemId: command.itemId } }] : [];
    const key = nameKey(command.name);
    const keyAr = nameKey(command.nameAr);
    const others = Object.entries(state.claims).filter(([itemId]) => itemId !== command.itemId);
    const clashes = [
      ...(others.some(([, c]) => c.key === key) ? [{ path: 'name', code: 'name_taken' }] : []),
      ...(others.some(([, c]) => c.keyAr === keyAr) ? [{ path: 'nameTranslation', code: 'name_taken' }] : []),
    ];
    if (clashes.length > 0) throw new DomainError('catalog.name_exists', 'Another item under the same parent has this name', clashes);
    if (mine && mine.name === command.name && mine.nameAr === command.nameAr) return [];
    return [{ type: 'NameClaimed', data: { scope: command.scope, itemId: command.itemId, name: command.name, nameAr: command.nameAr } }];
  },
};
