import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import type { RegisterCar } from '@evc/contracts/charging/schemas';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Card, PageTitle } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { ApiRequestError } from '../../../lib/api-client';
import { newUuid } from '../../../lib/uuid';
import { useLocale } from '../../i18n/hooks/use-locale';
import { translateErrorCode } from '../../i18n/translate-error';
import { pushToastAtom } from '../../toasts/toast-state';
import { useCatalog, useMyCars, useRegisterCar } from '../api/charging-api';
import { Group, Lines, Problem, Row, Stack } from './charging-ui';
import { LicenceUpload } from './licence-upload';

type LicenceMode = 'licence' | 'customs';
interface Files {
  front: string | null;
  back: string | null;
  customs: string | null;
}
type Problems = Partial<Record<'brand' | 'type' | 'range' | 'front' | 'back' | 'customs', string>>;

/** What is missing, as message ids: brand, type, range, then the licence (front and back) or the certificate. */
export function carProblems(v: { brandId: string; typeId: string; rangeId: string; mode: LicenceMode; files: Files }): Record<string, string> {
  const out: Record<string, string> = {};
  if (!v.brandId) out.brand = 'car.brand.required';
  if (!v.typeId) out.type = 'car.type.required';
  if (!v.rangeId) out.range = 'car.range.required';
  if (v.mode === 'customs') {
    if (!v.files.customs) out.customs = 'car.customs.required';
  } else if (!v.files.front && !v.files.back) {
    out.front = 'car.licence.required';
  } else {
    if (!v.files.front) out.front = 'car.front.required';
    if (!v.files.back) out.back = 'car.back.required';
  }
  return out;
}

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
              <strong>{locale === 'ar' ? `${c.brandNameAr} ${c.typeNameAr}` : `${c.brandNameEn} ${c.typeNameEn}`}</strong> · {c.batteryRangeName}
            </li>
          ))}
        </Lines>
      )}
    </section>
  );
}

/** /registerCarInfo: brand → type of that brand → battery range, licence images (or a customs certificate), and the list. */
export function RegisterCarPage() {
  const intl = useIntl();
  const locale = useLocale();
  const pushToast = useSetAtom(pushToastAtom);
  const [brandId, setBrandId] = useState('');
  const [typeId, setTypeId] = useState('');
  const [rangeId, setRangeId] = useState('');
  const [mode, setMode] = useState<LicenceMode>('licence');
  const [files, setFiles] = useState<Files>({ front: null, back: null, customs: null });
  const [problems, setProblems] = useState<Problems>({});
  const [generation, setGeneration] = useState(0);
  const brands = useCatalog('carBrand', null);
  const types = useCatalog('carType', brandId || null, brandId !== '');
  const ranges = useCatalog('batteryRange', null);
  const register = useRegisterCar();
  const text = (id?: string) => (id ? intl.formatMessage({ id }) : undefined);
  const itemName = (i: { name: string; nameTranslation: string }) => (locale === 'ar' ? i.nameTranslation || i.name : i.name);
  const setFile = (key: keyof Files) => (id: string | null) => {
    setFiles((f) => ({ ...f, [key]: id }));
    setProblems((p) => ({ ...p, [key]: undefined, ...(key === 'back' && p.front === 'car.licence.required' ? { front: undefined } : {}) }));
  };

  const submit = () => {
    const found = carProblems({ brandId, typeId, rangeId, mode, files });
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const licence: RegisterCar['licence'] =
      mode === 'customs' ? { customsCertificateFileId: files.customs ?? '' } : { frontFileId: files.front ?? '', backFileId: files.back ?? '' };
    register.mutate(
      { carId: newUuid(), brandId, typeId, batteryRangeId: rangeId, licence },
      {
        onSuccess: () => {
          pushToast({ kind: 'success', text: intl.formatMessage({ id: 'car.added' }) });
          setBrandId('');
          setTypeId('');
          setRangeId('');
          setFiles({ front: null, back: null, customs: null });
          setGeneration((g) => g + 1);
        },
      },
    );
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
            <Field label={intl.formatMessage({ id: 'car.brand' })} error={text(problems.brand)}>
              <select value={brandId} onChange={(e) => (setBrandId(e.target.value), setTypeId(''), setProblems((p) => ({ ...p, brand: undefined })))}>
                <option value="">{intl.formatMessage({ id: 'car.choose' })}</option>
                {(brands.data ?? []).map((b) => (
                  <option key={b.itemId} value={b.itemId}>
                    {itemName(b)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={intl.formatMessage({ id: 'car.type' })} error={text(problems.type)}>
              <select value={typeId} disabled={!brandId} onChange={(e) => (setTypeId(e.target.value), setProblems((p) => ({ ...p, type: undefined })))}>
                <option value="">{intl.formatMessage({ id: 'car.choose' })}</option>
                {(types.data ?? []).filter((t) => !t.parentId || t.parentId === brandId).map((t) => (
                  <option key={t.itemId} value={t.itemId}>
                    {itemName(t)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={intl.formatMessage({ id: 'car.range' })} error={text(problems.range)}>
              <select value={rangeId} onChange={(e) => (setRangeId(e.target.value), setProblems((p) => ({ ...p, range: undefined })))}>
                <option value="">{intl.formatMessage({ id: 'car.choose' })}</option>
                {(ranges.data ?? []).map((r) => (
                  <option key={r.itemId} value={r.itemId}>
                    {itemName(r)}
                    {r.value ? ` (${r.value})` : ''}
                  </option>
                ))}
              </select>
            </Field>
            <Group>
              <legend>
                <FormattedMessage id="car.licence" />
              </legend>
              <label>
                <input type="radio" name="licence-mode" checked={mode === 'licence'} onChange={() => setMode('licence')} />
                <FormattedMessage id="car.licence.images" />
              </label>
              <label>
                <input type="radio" name="licence-mode" checked={mode === 'customs'} onChange={() => setMode('customs')} />
                <FormattedMessage id="car.licence.customs" />
              </label>
            </Group>
            {mode === 'licence' ? (
              <>
                <LicenceUpload labelId="car.front" fileId={files.front} onUploaded={setFile('front')} error={text(problems.front)} />
                <LicenceUpload labelId="car.back" fileId={files.back} onUploaded={setFile('back')} error={text(problems.back)} />
              </>
            ) : (
              <LicenceUpload labelId="car.customs" fileId={files.customs} onUploaded={setFile('customs')} error={text(problems.customs)} />
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
