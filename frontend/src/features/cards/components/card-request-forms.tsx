// i18n-catalog: app — the customer area's card request page.
import { useState } from 'react';
import styled from '@emotion/styled';
import { useSetAtom } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { CARD_LIMITS, linkCardSchema, requestCardSchema } from '@evc/contracts/cards';
import { LIMITS } from '@evc/contracts/shared';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useLocale } from '../../../hooks/use-locale';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { newUuid } from '../../../lib/uuid';
import { pushToastAtom } from '../../../stores/toast-state';
import { useGovernorates, useLinkCard, useRequestCard } from '../api/cards-api';
import { Stack } from './card-ui';

/** What the last request said (phone, home address): the next form starts from it. */
export interface RequestDefaults {
  phone: string;
  homeAddress: string;
  governorateId: string;
}

const CheckLabel = styled.label`
  display: flex;
  gap: 0.5rem;
  align-items: center;
  font-weight: 700;
`;

function SubmitRow({ busy, labelId }: { busy: boolean; labelId: string }) {
  return (
    <div>
      <Button type="submit" disabled={busy}>
        <FormattedMessage id={labelId} />
      </Button>
    </div>
  );
}

/**
 * A new card delivered (card-requests.submit), validated by requestCardSchema: reference name, phone (11 digits,
 * Eastern Arabic digits accepted), governorate, home address (3-300) and the delivery address, or "same as home".
 */
export function RequestCardForm({ defaults }: { defaults: RequestDefaults }) {
  const locale = useLocale();
  const pushToast = useSetAtom(pushToastAtom);
  const governorates = useGovernorates();
  const submit = useRequestCard();
  const [requestId, setRequestId] = useState(newUuid);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSchemaForm({
    referenceName: '',
    phone: defaults.phone,
    governorateId: defaults.governorateId,
    homeAddress: defaults.homeAddress,
    sameAsHome: true,
    deliveryAddress: '',
  });
  const { intl, values } = form;
  const label = (id: string) => intl.formatMessage({ id });
  const governorateError = form.errors.governorateId ? label('cards.form.governorateRequired') : undefined;

  const onSubmit = () => {
    setProblem(null);
    const body = form.validate(requestCardSchema, {
      ...values,
      requestId,
      deliveryAddress: values.sameAsHome ? undefined : values.deliveryAddress,
    });
    if (!body) return;
    submit.mutate(
      { ...body, deliveryAddress: values.sameAsHome ? undefined : body.deliveryAddress },
      {
        onSuccess: () => {
          pushToast({ kind: 'success', text: label('cards.form.requested') });
          setRequestId(newUuid());
        },
        onError: (error) => setProblem(form.serverError(error).text),
      },
    );
  };

  return (
    <form
      noValidate
      aria-labelledby="request-card-title"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Stack>
        <h2 id="request-card-title">
          <FormattedMessage id="cards.form.newTitle" />
        </h2>
        <Field
          label={label('cards.form.referenceName')}
          hint={label('cards.form.referenceNameHint')}
          error={form.errorText('referenceName')}
        >
          <input maxLength={CARD_LIMITS.referenceNameMax} {...form.bind('referenceName')} />
        </Field>
        <Field label={label('cards.form.phone')} error={form.errorText('phone')}>
          <input dir="ltr" inputMode="tel" autoComplete="tel" maxLength={20} {...form.bind('phone')} />
        </Field>
        <Field label={label('cards.form.governorate')} error={governorateError}>
          <select {...form.bind('governorateId')}>
            <option value="">{label('cards.form.chooseGovernorate')}</option>
            {(governorates.data?.dataList ?? []).map((g) => (
              <option key={g.governorateId} value={g.governorateId}>
                {locale === 'ar' ? g.nameAr : g.nameEn}
              </option>
            ))}
          </select>
        </Field>
        <Field label={label('cards.form.homeAddress')} error={form.errorText('homeAddress')}>
          <textarea rows={2} maxLength={LIMITS.addressMax} {...form.bind('homeAddress')} />
        </Field>
        <CheckLabel>
          <input
            type="checkbox"
            name="sameAsHome"
            checked={values.sameAsHome}
            onChange={(e) => form.setValue('sameAsHome', e.target.checked)}
          />
          <FormattedMessage id="cards.form.sameAsHome" />
        </CheckLabel>
        {!values.sameAsHome && (
          <Field label={label('cards.form.deliveryAddress')} error={form.errorText('deliveryAddress')}>
            <textarea rows={2} maxLength={LIMITS.addressMax} {...form.bind('deliveryAddress')} />
          </Field>
        )}
        {problem && <p role="alert">{problem}</p>}
        <SubmitRow busy={submit.isPending} labelId="cards.form.submit" />
      </Stack>
    </form>
  );
}

/** A card the customer already holds (card-requests.link): the card ID printed on it, verified by staff. */
export function LinkCardForm({ defaults }: { defaults: RequestDefaults }) {
  const pushToast = useSetAtom(pushToastAtom);
  const link = useLinkCard();
  const [requestId, setRequestId] = useState(newUuid);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSchemaForm({ cardId: '', referenceName: '', phone: defaults.phone });
  const { intl } = form;
  const label = (id: string) => intl.formatMessage({ id });

  const onSubmit = () => {
    setProblem(null);
    const body = form.validate(linkCardSchema, { ...form.values, requestId });
    if (!body) return;
    link.mutate(body, {
      onSuccess: () => {
        pushToast({ kind: 'success', text: label('cards.form.linkRequested') });
        setRequestId(newUuid());
      },
      onError: (error) => setProblem(form.serverError(error).text),
    });
  };

  return (
    <form
      noValidate
      aria-labelledby="link-card-title"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Stack>
        <h2 id="link-card-title">
          <FormattedMessage id="cards.form.linkTitle" />
        </h2>
        <p>
          <FormattedMessage id="cards.form.linkHint" />
        </p>
        <Field label={label('cards.card.id')} error={form.errorText('cardId')}>
          <input dir="ltr" autoCapitalize="characters" maxLength={24} {...form.bind('cardId')} />
        </Field>
        <Field label={label('cards.form.referenceName')} error={form.errorText('referenceName')}>
          <input maxLength={CARD_LIMITS.referenceNameMax} {...form.bind('referenceName')} />
        </Field>
        <Field label={label('cards.form.phone')} error={form.errorText('phone')}>
          <input dir="ltr" inputMode="tel" autoComplete="tel" maxLength={20} {...form.bind('phone')} />
        </Field>
        {problem && <p role="alert">{problem}</p>}
        <SubmitRow busy={link.isPending} labelId="cards.form.linkSubmit" />
      </Stack>
    </form>
  );
}
