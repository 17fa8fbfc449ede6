import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { registerCarSchema } from '@evc/contracts/charging/schemas';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Card, PageTitle } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import type { InputOf } from '../../../lib/api';
import { ApiRequestError } from '../../../lib/api-client';
import { newUuid } from '../../../lib/uuid';
import { useLocale } from '../../../hooks/use-locale';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { pushToastAtom } from '../../../stores/toast-state';
import { useCatalog, useMyCars, useRegisterCar } from '../api/charging-api';
import { Group, Lines, Problem, Row, Stack } from './charging-ui';
import { LicenceUpload } from './licence-upload';
import { batteryRangeName, carName, masterName } from '../../../lib/names';

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

/** The form as cars.register's input: the licence images, or the customs certificate when that is chosen. */
export function carInput(v: CarValues, carId: string): InputOf<'cars.register'> {
  const licence = v.mode === 'customs' ? { customsCertificateFileId: v.customs ?? undefined } : { frontFileId: v.front ?? undefined, backFileId: v.back ?? undefined };
  return { carId, brandId: v.brandId, typeId: v.typeId, batteryRangeId: v.batteryRangeId, licence };
}

/** registerCarSchema's errors in the spec's words: a choice missing, or which licence file (and where it shows). */
const CHOICE_MESSAGES: Record<string, string> = { brandId: 'car.brand.required', typeId: 'car.type.required', batteryRangeId: 'car.range.required' };
const LICENCE_MESSAGES: Record<string, { file: 'front' | 'back' | 'customs'; id: string }> = {
  licence_required: { file: 'front', id: 'car.licence.required' },
  front_required: { file: 'front', id: 'car.front.required' },
  back_required: { file: 'back', id: 'car.back.required' },
  customs_required: { file: 'customs', id: 'car.customs.required' },
};

function CarList() {
  const locale = useLocale();
  const cars = useMyCars();
  if (cars.isPending) return <Spinner />;
  const list = cars.data?.dataList ?? [];
  return (
    <section aria-labelledby="my-cars">
      <h2 id="my-cars">
        <FormattedMessage id="car.list.title" />
      </h2>
      {list.length === 0 ? (
        <p>
          <FormattedMessage id="car.list.empty" />
        </p>
      ) : (
        <Lines>
          {list.map((c) => (
            <li key={c.carId} data-testid="car-line">
              <strong>{carName(c, locale)}</strong> · {batteryRangeName(c, locale)}
            </li>
          ))}
        </Lines>
      )}
    </section>
  );
}

/** /registerCarInfo: brand → type of that brand → battery range, licence images (or a customs certificate), and the list. */
export function RegisterCarPage() {
  const form = useSchemaForm<CarValues>(EMPTY);
  const { intl, values } = form;
  const locale = useLocale();
  const pushToast = useSetAtom(pushToastAtom);
  const [generation, setGeneration] = useState(0);
  const brands = useCatalog('carBrand', null);
  const types = useCatalog('carType', values.brandId || null, values.brandId !== '');
  const ranges = useCatalog('batteryRange', null);
  const register = useRegisterCar();
  const itemName = (i: { name: string; nameTranslation: string }) => masterName(i, locale);
  const choiceError = (key: string) => (form.errors[key] ? intl.formatMessage({ id: CHOICE_MESSAGES[key] ?? 'validation.invalid' }) : undefined);
  const licenceError = form.errors.licence;
  const licenceProblem = licenceError ? (LICENCE_MESSAGES[licenceError.code] ?? { file: values.mode === 'customs' ? 'customs' : 'front', id: 'validation.invalid' }) : null;
  const fileError = (file: 'front' | 'back' | 'customs') => (licenceProblem?.file === file ? intl.formatMessage({ id: licenceProblem.id }) : undefined);
  const setFile = (file: 'front' | 'back' | 'customs') => (id: string | null) => {
    form.setValues((v) => ({ ...v, [file]: id }));
    // a new file answers the problem shown beside it; "add car licence" is answered by either image
    if (licenceProblem && (licenceProblem.file === file || licenceError?.code === 'licence_required')) form.setErrors(({ licence: _answered, ...rest }) => rest);
  };

  const submit = () => {
    const body = form.validate(registerCarSchema, carInput(values, newUuid()));
    if (!body) return;
    register.mutate(body, {
      onSuccess: () => {
        pushToast({ kind: 'success', text: intl.formatMessage({ id: 'car.added' }) });
        form.setValues(EMPTY);
        setGeneration((g) => g + 1);
      },
    });
  };

  return (
    <Stack>
      <PageTitle>
        <FormattedMessage id="page.registerCarInfo" />
      </PageTitle>
      <Card>
        <form
          key={generation}
          noValidate
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
              <select value={values.brandId} onChange={(e) => (form.setValue('brandId', e.target.value), form.setValues((v) => ({ ...v, typeId: '' })))}>
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
                {(types.data ?? []).filter((t) => !t.parentId || t.parentId === values.brandId).map((t) => (
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
            {register.isError && (
              <Problem role="alert">{translateErrorCode(intl, register.error instanceof ApiRequestError ? register.error.code : 'server.error')}</Problem>
            )}
            <Row>
              <Button type="submit" disabled={register.isPending}>
                <FormattedMessage id="car.submit" />
              </Button>
            </Row>
          </Stack>
        </form>
      </Card>
      <CarList />
    </Stack>
  );
}
