import { describe, expect, it } from 'vitest';
import type { AccountEvent } from '@evc/contracts';
import { DeciderSpecification } from '../shared/decider-specification';
import { accountDecider, type AccountCommand } from './account.decider';
import { emailIndexDecider } from './email-index.decider';

const id = '11111111-2222-4333-8444-555555555555';
const signedUp: AccountEvent = {
  type: 'CustomerSignedUp',
  data: {
    accountId: id,
    firstName: 'Mona',
    lastName: 'Hassan',
    email: 'mona@example.com',
    phone: '01012345678',
    gender: 'female',
    locale: 'ar',
    passwordHash: '$argon2id$x',
  },
};
const details = {
  phone: '01112345678',
  gender: 'female' as const,
  address: '12 Nile Street, Zamalek',
  deliveryAddress: { sameAsHome: true, address: null },
  pictureFileId: null,
};
const save = (overrides: Partial<Extract<AccountCommand, { kind: 'updatePersonalInfo' }>> = {}): AccountCommand => ({
  kind: 'updatePersonalInfo',
  firstName: 'Mona',
  lastName: 'Hassan',
  email: 'mona@example.com',
  details,
  ...overrides,
});
const account = DeciderSpecification.for(accountDecider);

describe('account decider: personal info', () => {
  it('records the details the first time, and nothing when saved again unchanged', () => {
    const saved = account
      .given([signedUp])
      .when(save())
      .then([{ type: 'CustomerDetailsUpdated', data: { accountId: id, ...details } }]);
    account
      .given([signedUp, ...saved])
      .when(save())
      .thenNothingHappened();
  });

  it('a new name is a ProfileUpdated (sessions and staff lists follow it), keeping the language', () => {
    account
      .given([signedUp])
      .when(save({ firstName: 'Mariam' }))
      .thenMatches([
        { type: 'ProfileUpdated', data: { firstName: 'Mariam', lastName: 'Hassan', locale: 'ar' } },
        { type: 'CustomerDetailsUpdated' },
      ]);
  });

  it('a new e-mail address is EmailChanged with the previous one; a change of letter case only is none', () => {
    const [changed] = account
      .given([signedUp])
      .when(save({ email: 'mona.h@example.com' }))
      .thenTypes(['EmailChanged', 'CustomerDetailsUpdated']);
    expect(changed!.data).toEqual({ accountId: id, email: 'mona.h@example.com', previousEmail: 'mona@example.com' });
    account
      .given([signedUp])
      .when(save({ email: 'Mona@Example.com' }))
      .thenTypes(['CustomerDetailsUpdated']);
    expect(
      account
        .given([signedUp])
        .when(save({ email: 'mona.h@example.com' }))
        .state().email,
    ).toBe('mona.h@example.com');
  });

  it('a delivery address of its own, or none and the home one', () => {
    const other = { ...details, deliveryAddress: { sameAsHome: false, address: '5 Tahrir Square, Downtown' } };
    account
      .given([signedUp])
      .when(save({ details: other }))
      .thenMatches([
        { type: 'CustomerDetailsUpdated', data: { deliveryAddress: { sameAsHome: false, address: '5 Tahrir Square, Downtown' } } },
      ]);
  });

  it('a birth date is kept with the details; the same again is nothing, a corrected one is recorded', () => {
    const born = { ...details, birthDate: '1990-04-12' };
    const saved = account
      .given([signedUp])
      .when(save({ details: born }))
      .then([{ type: 'CustomerDetailsUpdated', data: { accountId: id, ...born } }]);
    account
      .given([signedUp, ...saved])
      .when(save({ details: born }))
      .thenNothingHappened();
    account
      .given([signedUp, ...saved])
      .when(save({ details: { ...born, birthDate: '1991-04-12' } }))
      .thenMatches([{ type: 'CustomerDetailsUpdated', data: { birthDate: '1991-04-12' } }]);
  });

  it('staff have no personal info of this kind', () => {
    const admin: AccountEvent = {
      type: 'AdminCreated',
      data: { accountId: id, firstName: 'Karim', lastName: 'Adel', email: 'k@example.com', roleIds: [], locale: 'en', passwordHash: 'x' },
    };
    account.given([admin]).when(save()).thenThrows('identity.customer_not_found');
  });
});

describe('e-mail index', () => {
  const index = DeciderSpecification.for(emailIndexDecider);
  const reserved = { type: 'EmailReserved' as const, data: { accountId: 'a' } };
  it('is released only by the account holding it, and can then be reserved by another', () => {
    index.given([reserved]).when({ accountId: 'b', release: true }).thenNothingHappened();
    const released = index
      .given([reserved])
      .when({ accountId: 'a', release: true })
      .then([{ type: 'EmailReleased', data: { accountId: 'a' } }]);
    index
      .given([reserved, ...released])
      .when({ accountId: 'b' })
      .then([{ type: 'EmailReserved', data: { accountId: 'b' } }]);
    index.given([reserved]).when({ accountId: 'b' }).thenThrows('identity.email_exists');
  });
});
