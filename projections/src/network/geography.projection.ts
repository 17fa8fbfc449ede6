import type { RegisterCountry, RegisterGovernorate } from '@evc/contracts';
import { defined, edited, fresh, link, remove, searchTextOf, unlink, type Counted, type Edited } from '../catalog/index';
import type { EventHandler, Projection } from '../runner/projection';
import { mergeOne } from '../shared/merge';
import { readModel } from '../shared/read-model';
import { READ_MODELS } from '../shared/read-models';

export type CountryDoc = Omit<RegisterCountry, 'flagFileId'> &
  Edited & { _id: string; flagFileId: string | null; isActive: boolean; searchText: string };
/** A governorate with its uses: the stations link themselves to it (counted in the catalog's usage registry). */
export type GovernorateDoc = RegisterGovernorate & Edited & Counted & { _id: string; isActive: boolean; searchText: string };

export const COUNTRIES = readModel<CountryDoc>(READ_MODELS.countries);
export const GOVERNORATES = readModel<GovernorateDoc>(READ_MODELS.governorates);

const setCountry: EventHandler<'CountryRegistered' | 'CountryUpdated'> = async (event, { documents, changed }) => {
  const d = event.data;
  const set = {
    ...defined(d),
    flagFileId: d.flagFileId ?? null,
    isActive: d.isActive ?? true,
    searchText: searchTextOf(d.nameEn, d.nameAr, d.iso, d.currency, d.phoneCode),
    ...edited(event),
  };
  await mergeOne(COUNTRIES.in(documents), d.countryId, set);
  changed(READ_MODELS.countries, d.countryId);
};

const setGovernorate: EventHandler<'GovernorateRegistered' | 'GovernorateUpdated'> = async (event, { documents, changed }) => {
  const d = event.data;
  const set = { ...defined(d), isActive: d.isActive ?? true, searchText: searchTextOf(d.nameEn, d.nameAr), ...edited(event) };
  await mergeOne(GOVERNORATES.in(documents), d.governorateId, set, { setOnInsert: fresh });
  changed(READ_MODELS.governorates, d.governorateId);
};

/** Countries and governorates, as staff edit them and the public site lists them (governorates with station counts). */
export const geographyProjection: Projection = {
  name: 'geography',
  collections: [READ_MODELS.countries, READ_MODELS.governorates],
  async setup(documents) {
    await documents.collection(READ_MODELS.governorates).createIndex({ countryId: 1 });
    await documents.collection(READ_MODELS.governorates).createIndex({ isActive: 1 });
  },
  on: {
    CountryRegistered: setCountry,
    CountryUpdated: setCountry,
    GovernorateRegistered: setGovernorate,
    GovernorateUpdated: setGovernorate,
    GovernorateDeleted: (event, context) => remove(GOVERNORATES, event.data.governorateId, context),
    GovernorateUsageLinked: (event, context) => link(GOVERNORATES, event.data.governorateId, event.data.usedBy, event, context),
    GovernorateUsageUnlinked: (event, context) => unlink(GOVERNORATES, event.data.governorateId, event.data.usedById, event, context),
  },
};
