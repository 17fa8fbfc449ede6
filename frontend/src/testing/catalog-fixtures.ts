import type { MasterDataItemView } from '@evc/contracts/catalog';

/** An active car brand, car type or battery range as the car form's options and the staff lists show it. */
export const makeCatalogItem = (
  itemId: string,
  name: string,
  kind: MasterDataItemView['kind'],
  parentId: string | null = null,
  over: Partial<MasterDataItemView> = {},
): MasterDataItemView => ({
  itemId,
  kind,
  name,
  nameTranslation: `${name}-ar`,
  value: '',
  parentId,
  parentName: null,
  parentNameAr: null,
  isActive: true,
  usageCount: 0,
  revision: 1,
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});
