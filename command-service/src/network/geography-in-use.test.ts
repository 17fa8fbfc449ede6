import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../shared/decider-specification';
import type { ItemEvent } from '../shared/item.decider';
import { governorateDecider } from './geography.deciders';

// Deleting a governorate lists its stations in Arabic on the Arabic page.
describe('the in-use refusal names its users in both languages', () => {
  const gov = { governorateId: 'eg-c', countryId: 'eg', nameEn: 'Cairo', nameAr: 'القاهرة', isActive: true };
  const link = (id: string, name: string, nameAr?: string): ItemEvent => ({
    type: 'GovernorateUsageLinked',
    data: { governorateId: 'eg-c', usedBy: { id, kind: 'station', name, ...(nameAr ? { nameAr } : {}) } },
  });

  it('given stations linked with their Arabic names (and one linked before they were kept), when deleting, then namesAr lists them', () => {
    DeciderSpecification.for(governorateDecider)
      .given([
        { type: 'GovernorateRegistered', data: gov },
        link('st-1', 'Zamalek', 'الزمالك'),
        link('st-2', 'Heliopolis Korba', 'مصر الجديدة الكوربة'),
        link('st-3', 'Old One'),
      ])
      .when({ kind: 'delete' })
      .thenThrows('catalog.in_use', {
        fieldErrors: [
          expect.objectContaining({
            params: {
              names: 'Heliopolis Korba, Old One, Zamalek',
              namesAr: 'الزمالك, مصر الجديدة الكوربة, Old One',
              count: 3,
              action: 'delete',
            },
          }),
        ],
      });
  });
});
