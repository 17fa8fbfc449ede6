import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { registerCarSchema, updateCarSchema } from '@evc/contracts/charging';
import type { CarView } from '@evc/contracts/charging';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import type { InputOf } from '../../../lib/api';
import { ApiRequestError } from '../../../lib/api-client';
import { newUuid } from '../../../lib/uuid';
import { useLocale } from '../../../hooks/use-locale';
import { localDigits } from '../../../lib/format';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { pushToastAtom } from '../../../stores/toast-state';
import { useCatalog, useRegisterCar, useUpdateCar } from '../api/charging-api';
import { Group, Problem, Row, Stack } from './charging-ui';
import { LicenceUpload } from './licence-upload';

type LicenceMode = 'licence' | 'customs';

/** What the car form holds: the choices, the licence mode and the uploaded file ids. */
export type CarValues = {
  brandId: string;
  typeId: string;
  batteryRangeId: string;
  mode: LicenceMode;
  front: string | null;
  back: string | null;
  customs: string | null;
};
const EMPTY: CarValues = { brandId: '', typeId: '', batteryRangeId: '', mode: 'licence', front: null, back: null, customs: null };

/** A registered car as the form's values (editing starts from what the customer saved). */
function valuesOf(car: CarView): CarValues {
  const customs = 'customsCertificateFileId' in car.licence ? car.licence.customsCertificateFileId : null;
  const images = 'frontFileId' in car.licence ? car.licence : null;
  return {
    brandId: car.brandId,
    typeId: car.typeId,
    batteryRangeId: car.batteryRangeId,
    mode: customs ? 'customs' : 'licence',
    front: images?.frontFileId ?? null,
    back: images?.backFileId ?? null,
    customs,
  };
}

/** The form as cars.register's input: the licence images, or the customs certificate when that is chosen. */
export function carInput(v: CarValues, carId: string): InputOf<'cars.register'> {
  const licence =
    v.mode === 'customs'
      ? { customsCertificateFileId: v.customs ?? undefined }
      : { frontFileId: v.front ?? undefined, backFileId: v.back ?? undefined };
  return { carId, brandId: v.brandId, typeId: v.typeId, batteryRangeId: v.batteryRangeId, licence };
}

/** registerCarSchema's errors in the product's words: a choice missing, or which licence file (and where it shows). */
const CHOICE_MESSAGES: Record<string, string> = {
  brandId: 'car.brand.required',
  typeId: 'car.type.required',
  batteryRangeId: 'car.range.required',
};
const LICENCE_MESSAGES: Record<string, { file: 'front' | 'back' | 'customs'; id: string }> = {
  licence_required: { file: 'front', id: 'car.licence.required' },
  front_required: { file: 'front', id: 'car.front.required' },
  back_required: { file: 'back', id: 'car.back.required' },
  customs_required: { file: 'customs', id: 'car.customs.required' },
};

/**
 * Brand → type of that brand → battery range, and the licence images (or a customs certificate instead): a new car
 * ("car info added"), or one of the customer's cars edited ("cars updated", with the revision they saw).
 */
export function CarForm({ car, onDone }: { car?: CarView; onDone?: () => void }) {
  const form = useSchemaForm<CarValues>(() => (car ? valuesOf(car) : EMPTY));
  const { intl, values } = form;
  const locale = useLocale();
  const pushToast = useSetAtom(pushToastAtom);
  const [generation, setGeneration] = useState(0);
  const brands = useCatalog('carBrand', null);
  const types = useCatalog('carType', values.brandId || null, values.brandId !== '');
  const ranges = useCatalog('batteryRange', null);
  const register = useRegisterCar();
  const update = useUpdateCar();
  const saving = car ? update : register;
  const itemName = (i: { name: string; nameTranslation: string }) => (locale === 'ar' ? i.nameTranslation || i.name : i.name);
  const choiceError = (key: string) =>
    form.errors[key] ? intl.formatMessage({ id: CHOICE_MESSAGES[key] ?? 'validation.invalid' }) : undefined;
  const licenceError = form.errors.licence;
  const licenceProblem = licenceError
    ? (LICENCE_MESSAGES[licenceError.code] ?? { file: values.mode === 'customs' ? 'customs' : 'front', id: 'validation.invalid' })
    : null;
  const fileError = (file: 'front' | 'back' | 'customs') =>
    licenceProblem?.file === file ? intl.formatMessage({ id: licenceProblem.id }) : undefined;
  const setFile = (file: 'front' | 'back' | 'customs') => (id: string | null) => {
    form.setValues((v) => ({ ...v, [file]: id }));
    // a new file answers the problem shown beside it; "add car licence" is answered by either image
    if (licenceProblem && (licenceProblem.file === file || licenceError?.code === 'licence_required'))
      form.setErrors(({ licence: _answered, ...rest }) => rest);
  };

  const submit = () => {
    if (car) {
      const body = form.validate(updateCarSchema, { ...carInput(values, car.carId), expectedRevision: car.revision });
      if (!body) return;
      update.mutate(body, {
        onSuccess: () => (pushToast({ kind: 'success', text: intl.formatMessage({ id: 'car.updated' }) }), onDone?.()),
      });
      return;
    }
    const body = form.validate(registerCarSchema, carInput(values, newUuid()));
    if (!body) return;
    register.mutate(body, {
      onSuccess: () => {
        pushToast({ kind: 'success', text: intl.formatMessage({ id: 'car.added' }) });
        form.setValues(EMPTY);
        setGeneration((g) => g + 1);
        onDone?.();
      },
    });
  };

  return (
    <form
      key={generation}
      noValidate
      aria-label={intl.formatMessage({ id: car ? 'car.edit.title' : 'car.add.title' })}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack>
        {(brands.isError || ranges.isError) && (
          <Problem role="alert">
            <FormattedMessage id="car.catalog.unavailable" />
          </Problem>
        )}
        <Field label={intl.formatMessage({ id: 'car.brand' })} error={choiceError('brandId')}>
          <select
            value={values.brandId}
            onChange={(e) => (form.setValue('brandId', e.target.value), form.setValues((v) => ({ ...v, typeId: '' })))}
          >
            <option value="">{intl.formatMessage({ id: 'car.choose' })}</option>
            {(brands.data ?? []).map((b) => (
              <option key={b.itemId} value={b.itemId}>
                {itemName(b)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={intl.formatMessage({ id: 'car.type' })} error={choiceError('typeId')}>
          <select value={values.typeId} disabled={!values.brandId} onChange={(e) => form.setValue('typeId', e.target.value)}>
            <option value="">{intl.formatMessage({ id: 'car.choose' })}</option>
            {(types.data ?? [])
              .filter((t) => !t.parentId || t.parentId === values.brandId)
              .map((t) => (
                <option key={t.itemId} value={t.itemId}>
                  {itemName(t)}
                </option>
              ))}
          </select>
        </Field>
        <Field label={intl.formatMessage({ id: 'car.range' })} error={choiceError('batteryRangeId')}>
          <select value={values.batteryRangeId} onChange={(e) => form.setValue('batteryRangeId', e.target.value)}>
            <option value="">{intl.formatMessage({ id: 'car.choose' })}</option>
            {(ranges.data ?? []).map((r) => (
              <option key={r.itemId} value={r.itemId}>
                {itemName(r)}
                {r.value ? ` (${localDigits(r.value, locale)})` : ''}
              </option>
            ))}
          </select>
        </Field>
        <Group>
          <legend>
            <FormattedMessage id="car.licence" />
          </legend>
          <label>
            <input type="radio" name="licence-mode" checked={values.mode === 'licence'} onChange={() => form.setValue('mode', 'licence')} />
            <FormattedMessage id="car.licence.images" />
          </label>
          <label>
            <input type="radio" name="licence-mode" checked={values.mode === 'customs'} onChange={() => form.setValue('mode', 'customs')} />
            <FormattedMessage id="car.licence.customs" />
          </label>
        </Group>
        {values.mode === 'licence' ? (
          <>
            <LicenceUpload labelId="car.front" fileId={values.front} onUploaded={setFile('front')} error={fileError('front')} />
            <LicenceUpload labelId="car.back" fileId={values.back} onUploaded={setFile('back')} error={fileError('back')} />
          </>
        ) : (
          <LicenceUpload labelId="car.customs" fileId={values.customs} onUploaded={setFile('customs')} error={fileError('customs')} />
        )}
        {saving.isError && (
          <Problem role="alert">
            {translateErrorCode(intl, saving.error instanceof ApiRequestError ? saving.error.code : 'server.error')}
          </Problem>
        )}
        <Row>
          <Button type="submit" disabled={saving.isPending}>
            <FormattedMessage id={car ? 'car.save' : 'car.submit'} />
          </Button>
          {car && onDone && (
            <Button type="button" variant="secondary" onClick={onDone}>
              <FormattedMessage id="common.cancel" />
            </Button>
          )}
        </Row>
      </Stack>
    </form>
  );
}
