import { useState, type FormEvent } from 'react';
import styled from '@emotion/styled';
import { theme } from '../../../styles/theme';
import { useSetAtom, useStore } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { updatePersonalInfoSchema } from '@evc/contracts/identity';
import { LIMITS } from '@evc/contracts/shared';
import type { CustomerProfileView } from '@evc/contracts/identity';
import { Button } from '../../../components/ui/button';
import { DayInput } from '../../../components/ui/day-input';
import { Field } from '../../../components/ui/field';
import { Actions, FormStack } from '../../../components/ui/form-stack';
import { Spinner } from '../../../components/ui/spinner';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { ApiRequestError } from '../../../lib/api-client';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { sessionAtom } from '../../../stores/auth-state';
import { pushToastAtom } from '../../../stores/toast-state';
import { profileKeys, useMyProfile, useSavePersonalInfo } from '../api/profile-api';
import { PictureField } from './picture-field';

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  gender: string;
  pictureFileId: string | null;
  sameAsHome: boolean;
  deliveryAddress: string;
  /** YYYY-MM-DD, '' for none (or the text being typed). */
  birthDate: string;
};

const Summary = styled.p`
  margin: 0;
`;

/** Radio buttons or a checkbox under a legend that reads like a field's label. */
const Choices = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 0.35rem;
  legend {
    font-weight: 700;
  }
`;

const DeliveryChoices = styled(Choices)`
  gap: 0.5rem;
`;

const Options = styled.div`
  display: flex;
  gap: 1.25rem;
`;

const Option = styled.label`
  display: flex;
  gap: 0.4rem;
  align-items: center;
`;

const Problem = styled.p`
  margin: 0;
  color: ${theme.color.danger};
`;

const valuesOf = (p: CustomerProfileView): Values => ({
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email,
  phone: p.phone,
  address: p.address ?? '',
  gender: p.gender,
  pictureFileId: p.pictureFileId,
  sameAsHome: p.deliveryAddress.sameAsHome,
  deliveryAddress: p.deliveryAddress.address ?? '',
  birthDate: p.birthDate ?? '',
});

/** The form as the operation's input: the delivery address is the home one, or its own. */
const inputOf = (v: Values, revision: number) => ({
  firstName: v.firstName,
  lastName: v.lastName,
  email: v.email,
  phone: v.phone,
  address: v.address,
  gender: v.gender,
  pictureFileId: v.pictureFileId,
  deliveryAddress: v.sameAsHome ? { sameAsHome: true } : { sameAsHome: false, address: v.deliveryAddress },
  birthDate: v.birthDate === '' ? null : v.birthDate,
  expectedRevision: revision,
});

/** Profile tab "1": the customer's personal info, validated by account.update-personal-info's own schema. */
export function PersonalInfo() {
  const profile = useMyProfile();
  if (profile.isPending) return <Spinner />;
  if (profile.isError) return <LoadError error={profile.error} />;
  // a new revision (a save, or a change from elsewhere) starts the form again from what the server holds
  return <PersonalInfoForm key={profile.data.revision} profile={profile.data} />;
}

function LoadError({ error }: { error: unknown }) {
  const intl = useIntl();
  return <p role="alert">{translateErrorCode(intl, error instanceof ApiRequestError ? error.code : 'server.error')}</p>;
}

function PersonalInfoForm({ profile }: { profile: CustomerProfileView }) {
  const form = useSchemaForm<Values>(() => valuesOf(profile));
  const { intl, values } = form;
  const label = (id: string) => intl.formatMessage({ id });
  const save = useSavePersonalInfo();
  const store = useStore();
  const pushToast = useSetAtom(pushToastAtom);
  const [conflict, setConflict] = useState(false);
  const client = useQueryClient();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setConflict(false);
    const body = form.validate(updatePersonalInfoSchema, inputOf(values, profile.revision));
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => {
        const session = store.get(sessionAtom);
        if (session)
          store.set(sessionAtom, {
            ...session,
            user: { ...session.user, firstName: body.firstName, lastName: body.lastName, email: body.email },
          });
        pushToast({ kind: 'success', text: label('profile.saved') });
      },
      onError: (error) => {
        const { code, text } = form.serverError(error);
        if (code === 'concurrency.conflict') setConflict(true);
        else if (code !== 'request.invalid' && code !== 'identity.email_exists' && code !== 'files.not_found')
          pushToast({ kind: 'error', text });
      },
    });
  };

  const pictureError = form.errors.pictureFileId?.code === 'not_found' ? label('profile.picture.again') : form.errorText('pictureFileId');
  return (
    <FormStack noValidate onSubmit={onSubmit} aria-label={label('profile.tab.personal')}>
      <Summary data-testid="profile-summary">
        <strong>{`${profile.firstName} ${profile.lastName}`}</strong> · <bdi dir="ltr">{profile.email}</bdi>
      </Summary>
      <PictureField fileId={values.pictureFileId} onChange={(id) => form.setValue('pictureFileId', id)} error={pictureError} />
      <Field label={label('auth.firstName')} error={form.errorText('firstName')}>
        <input autoComplete="given-name" {...form.bind('firstName')} maxLength={LIMITS.firstLastNameMax + 5} />
      </Field>
      <Field label={label('auth.lastName')} error={form.errorText('lastName')}>
        <input autoComplete="family-name" {...form.bind('lastName')} maxLength={LIMITS.firstLastNameMax + 5} />
      </Field>
      <Field label={label('auth.email')} error={form.errorText('email')}>
        <input type="email" dir="ltr" autoComplete="email" {...form.bind('email')} maxLength={LIMITS.emailMax} />
      </Field>
      <Field label={label('auth.phone')} error={form.errorText('phone')} hint={label('profile.phone.hint')}>
        <input type="tel" dir="ltr" inputMode="tel" autoComplete="tel" {...form.bind('phone')} maxLength={16} />
      </Field>
      <Field label={label('profile.address')} error={form.errorText('address')}>
        <textarea rows={2} autoComplete="street-address" {...form.bind('address')} maxLength={LIMITS.addressMax + 10} />
      </Field>
      <Choices aria-invalid={form.errors.gender ? true : undefined}>
        <legend>
          <FormattedMessage id="profile.gender" />
        </legend>
        <Options>
          {(['male', 'female'] as const).map((g) => (
            <Option key={g}>
              <input type="radio" name="gender" value={g} checked={values.gender === g} onChange={() => form.setValue('gender', g)} />
              <FormattedMessage id={`customers.gender.${g}`} />
            </Option>
          ))}
        </Options>
        {form.errors.gender && <Problem role="alert">{form.errorText('gender')}</Problem>}
      </Choices>
      <Field label={label('profile.birthDate')} error={form.errorText('birthDate')} hint={label('profile.birthDate.hint')}>
        <DayInput autoComplete="bday" value={values.birthDate} onChange={(v) => form.setValue('birthDate', v)} />
      </Field>
      <DeliveryChoices>
        <legend>
          <FormattedMessage id="profile.delivery" />
        </legend>
        <Option>
          <input
            type="checkbox"
            checked={values.sameAsHome}
            onChange={(e) => form.setValues((v) => ({ ...v, sameAsHome: e.target.checked }))}
          />
          <FormattedMessage id="profile.delivery.same" />
        </Option>
        {!values.sameAsHome && (
          <Field label={label('profile.delivery.address')} error={form.errorText('deliveryAddress')}>
            <textarea rows={2} {...form.bind('deliveryAddress')} maxLength={LIMITS.addressMax + 10} />
          </Field>
        )}
      </DeliveryChoices>
      {conflict && (
        <p role="alert">
          <FormattedMessage id="profile.conflict" />{' '}
          <Button type="button" variant="secondary" onClick={() => void client.invalidateQueries({ queryKey: profileKeys.profile })}>
            <FormattedMessage id="profile.reload" />
          </Button>
        </p>
      )}
      <Actions>
        <Button type="submit" disabled={save.isPending}>
          <FormattedMessage id="common.save" />
        </Button>
      </Actions>
    </FormStack>
  );
}
