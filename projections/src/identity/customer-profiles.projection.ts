import type { CustomerDetailsUpdated } from '@evc/contracts';
import type { Projection, ProjectionContext } from '../runner/projection';
import { ACCOUNTS, CUSTOMER_ACCOUNTS } from './identity.projection';
import { mergeOne } from '../shared/merge';
import { readModel } from '../shared/read-model';
import { READ_MODELS } from '../shared/read-models';

/** What the personal info adds to an account (names, e-mail, phone and gender are in `customer_accounts`). */
export type CustomerProfileDoc = { _id: string } & Pick<CustomerDetailsUpdated['data'], 'address' | 'deliveryAddress' | 'pictureFileId'>;
export const CUSTOMER_PROFILES = readModel<CustomerProfileDoc>(READ_MODELS.customerProfiles);

const searchText = (...parts: string[]) => parts.filter(Boolean).join(' ').toLowerCase();

/** The identity views follow a customer's new details: e-mail and phone are searched and shown on staff screens. */
async function patchAccount(
  context: ProjectionContext,
  accountId: string,
  at: { revision: number; position: number },
  patch: { email?: string; phone?: string; gender?: 'male' | 'female' },
  birthDate?: { value: string | undefined },
) {
  const customers = CUSTOMER_ACCOUNTS.in(context.documents);
  const customer = await customers.findOne({ _id: accountId });
  if (!customer) return;
  const next = { ...customer, ...patch };
  await mergeOne(
    customers,
    accountId,
    { ...patch, searchText: searchText(next.firstName, next.lastName, next.email, next.phone), ...at },
    { upsert: false },
  );
  // the details are kept whole: a save without a birth date clears the one before
  if (birthDate)
    await customers.updateOne(
      { _id: accountId },
      birthDate.value ? { $set: { birthDate: birthDate.value } } : { $unset: { birthDate: '' } },
    );
  if (patch.email) await mergeOne(ACCOUNTS.in(context.documents), accountId, { email: patch.email }, { upsert: false });
  context.changed(READ_MODELS.accounts, accountId);
  context.changed(READ_MODELS.customers, accountId, [accountId]);
  context.changed(READ_MODELS.customerProfiles, accountId, [accountId]);
}

/** `customer_profiles`: the customer's address, delivery address and picture (the personal info beyond sign-up). */
export const customerProfilesProjection: Projection = {
  name: 'customer-profiles',
  collections: [READ_MODELS.customerProfiles],
  async setup() {},
  on: {
    async CustomerDetailsUpdated({ data, revision, position }, context) {
      const { accountId, phone, gender, address, deliveryAddress, pictureFileId, birthDate } = data;
      await CUSTOMER_PROFILES.in(context.documents).replaceOne(
        { _id: accountId },
        { _id: accountId, address, deliveryAddress, pictureFileId },
        { upsert: true },
      );
      await patchAccount(context, accountId, { revision, position }, { phone, gender }, { value: birthDate });
    },
    async EmailChanged({ data, revision, position }, context) {
      await patchAccount(context, data.accountId, { revision, position }, { email: data.email });
    },
  },
};
