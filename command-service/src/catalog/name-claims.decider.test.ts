import { describe, expect, it } from 'vitest';
import type { NameClaimed } from '@evc/contracts';
import { DeciderSpecification } from '../shared/decider-specification';
import { nameClaimsDecider, nameKey } from './name-claims.decider';

// Two master-data items with the same name under the same parent are refused.
const scope = 'masterdata.carType.brand-byd';
const claimed = (itemId: string, name: string, nameAr: string): NameClaimed => ({
  type: 'NameClaimed',
  data: { scope, itemId, name, nameAr },
});
const claim = (itemId: string, name: string, nameAr: string) => ({ kind: 'claim' as const, scope, itemId, name, nameAr });
const names = DeciderSpecification.for(nameClaimsDecider);
const atto = claimed('type-atto', 'Atto 3', 'أتو ٣');

describe("name claims decider (one parent's names)", () => {
  it('given nothing, when an item claims its names, then NameClaimed', () => {
    names
      .given([])
      .when(claim('type-atto', 'Atto 3', 'أتو ٣'))
      .then([atto]);
  });

  it('given Atto 3, when another item claims "  atto   3 " (trimmed, any case, Western digits in Arabic), then name_taken on both fields', () => {
    names
      .given([atto])
      .when(claim('type-other', '  atto   3 ', 'اتو 3'))
      .thenThrows('catalog.name_exists', {
        fieldErrors: [
          { path: 'name', code: 'name_taken' },
          { path: 'nameTranslation', code: 'name_taken' },
        ],
      });
  });

  it('given Atto 3, when another item takes only its Arabic name, then name_taken on nameTranslation alone', () => {
    names
      .given([atto])
      .when(claim('type-seal', 'Seal', 'أتو ٣'))
      .thenThrows('catalog.name_exists', { fieldErrors: [{ path: 'nameTranslation', code: 'name_taken' }] });
  });

  it('given Atto 3, when the same item claims the same names again, then nothing (a retry); a rename replaces its names', () => {
    names
      .given([atto])
      .when(claim('type-atto', 'Atto 3', 'أتو ٣'))
      .thenNothingHappened();
    const renamed = names.given([atto]).when(claim('type-atto', 'Atto 3 Plus', 'أتو ٣ بلس'));
    renamed.then([claimed('type-atto', 'Atto 3 Plus', 'أتو ٣ بلس')]);
    // the old name is free for another item once renamed
    names
      .given([atto, claimed('type-atto', 'Atto 3 Plus', 'أتو ٣ بلس')])
      .when(claim('type-new', 'Atto 3', 'أتو ٣'))
      .thenTypes(['NameClaimed']);
  });

  it('given Atto 3 released (deleted or moved), when another item claims it, then NameClaimed; a second release does nothing', () => {
    const released = { type: 'NameReleased' as const, data: { scope, itemId: 'type-atto' } };
    names.given([atto]).when({ kind: 'release', scope, itemId: 'type-atto' }).then([released]);
    names
      .given([atto, released])
      .when(claim('type-new', 'ATTO 3', 'أتو ٣'))
      .thenTypes(['NameClaimed']);
    names.given([atto, released]).when({ kind: 'release', scope, itemId: 'type-atto' }).thenNothingHappened();
  });

  it('two claims of one name decided one after the other: the second is refused (what the decision loop makes of a race)', () => {
    names
      .given([])
      .when(claim('a', 'Dolphin', 'دولفين'), claim('b', 'dolphin', 'دولفين'))
      .thenThrows('catalog.name_exists');
  });

  it('compares Arabic without vowel marks, tatweel or alef variants, and Eastern digits as Western', () => {
    expect(nameKey('إم جي')).toBe(nameKey('ام جي'));
    expect(nameKey('فـولـفـو')).toBe(nameKey('فولفو'));
    expect(nameKey('أكثر من ٨٠')).toBe(nameKey('اكثر من 80'));
    expect(nameKey('Atto 3')).not.toBe(nameKey('Atto 4'));
  });
});
