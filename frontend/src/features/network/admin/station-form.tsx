import { Suspense, lazy, useState } from 'react';
import styled from '@emotion/styled';
import { FormattedMessage } from 'react-intl';
import type { GovernorateAdminView } from '@evc/contracts/network';
import type { StationAdminView } from '@evc/contracts/network';
import { stationFormSchema, updateStationSchema } from '@evc/contracts/network';
import { LIMITS } from '@evc/contracts/shared';
import { normalizeDigits } from '@evc/contracts/shared';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { newUuid } from '../../../lib/uuid';
import { useSchemaForm } from '../../../hooks/use-schema-form';

import { useCommand, useMapConfig } from '../../../components/admin/admin-api';
import { useBilingual } from '../../../components/admin/admin-list';
import { EditorCard, NameFields, useSave } from '../../../components/admin/form-parts';
import { ImageUpload } from '../../../components/admin/image-upload';
import { ProblemAlert } from '../../../components/admin/problems';

const LocationMap = lazy(() => import('./location-map'));
export const STATIONS = 'stations';

const LocationHint = styled.p`
  margin: 0;
`;

/** A typed coordinate (Eastern Arabic digits and the Arabic decimal separator accepted); NaN when not a number. */
export const parseCoordinate = (text: string): number => {
  const t = normalizeDigits(text.trim());
  return t === '' ? Number.NaN : Number(t);
};

/** The station form: names, governorate, location (map or typed), addresses, photo; charger counts are computed. */
export function StationForm({
  station,
  governorates,
  onDone,
  onReload,
}: {
  station?: StationAdminView;
  governorates: GovernorateAdminView[];
  onDone: () => void;
  onReload: () => void;
}) {
  const bi = useBilingual();
  const config = useMapConfig();
  const [revision] = useState(station?.revision ?? 0);
  const [stationId] = useState(() => station?.stationId ?? newUuid());
  const [photo, setPhoto] = useState<string | null>(
    station?.photoFileId && /^[a-f0-9]{64}$/.test(station.photoFileId) ? station.photoFileId : null,
  );
  const form = useSchemaForm({
    nameEn: station?.nameEn ?? '',
    nameAr: station?.nameAr ?? '',
    governorateId: station?.governorateId ?? '',
    lat: station ? String(station.location.lat) : '',
    lng: station ? String(station.location.lng) : '',
    addressEn: station?.addressEn ?? '',
    addressAr: station?.addressAr ?? '',
  });
  const create = useCommand(STATIONS, 'stations.create');
  const update = useCommand(STATIONS, 'stations.update');
  const label = (id: string) => form.intl.formatMessage({ id });
  const saving = useSave(form, onDone);
  const lat = parseCoordinate(form.values.lat);
  const lng = parseCoordinate(form.values.lng);
  const point = Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;

  const submit = () => {
    saving.clear();
    const { lat: _lat, lng: _lng, ...rest } = form.values;
    const base = { stationId, ...rest, location: { lat, lng }, ...(photo ? { photoFileId: photo } : {}) };
    if (station) saving.save(update, form.validate(updateStationSchema, { ...base, expectedRevision: revision }));
    else saving.save(create, form.validate(stationFormSchema, base));
  };
  const locationError = form.errors.location
    ? form.errors.location.code === 'outside_egypt'
      ? label('validation.outside_egypt')
      : label('station.locationRequired')
    : undefined;

  return (
    <EditorCard
      titleId={station ? 'admin.editTitle' : 'admin.addTitle'}
      busy={create.isPending || update.isPending}
      onSubmit={submit}
      onCancel={onDone}
      problem={saving.problem !== null && <ProblemAlert error={saving.problem} onReload={onReload} />}
    >
      <NameFields form={form} maxLength={LIMITS.masterDataNameMax} />
      <Field label={label('station.governorate')} error={form.errorText('governorateId')}>
        <select {...form.bind('governorateId')}>
          <option value="">{label('station.chooseGovernorate')}</option>
          {governorates.map((g) => (
            <option key={g.governorateId} value={g.governorateId}>
              {bi.name(g.nameEn, g.nameAr)}
            </option>
          ))}
        </select>
      </Field>
      <fieldset>
        <legend>
          <FormattedMessage id="station.location" />
        </legend>
        <LocationHint>
          <FormattedMessage id="station.locationHint" />
        </LocationHint>
        {config.isSuccess || config.isError ? (
          <Suspense fallback={<Spinner />}>
            <LocationMap
              value={point}
              label={label('station.map')}
              tileUrl={config.data?.mapTileUrl ?? null}
              attribution={config.data?.mapAttribution ?? null}
              onPick={(p) => form.setValues((v) => ({ ...v, lat: String(p.lat), lng: String(p.lng) }))}
            />
          </Suspense>
        ) : (
          <Spinner />
        )}
        <Field label={label('station.lat')} error={locationError}>
          <input
            dir="ltr"
            inputMode="decimal"
            {...form.bind('lat')}
            onChange={(e) => (form.setValue('lat', e.target.value), form.setErrors(({ location: _c, ...r }) => r))}
          />
        </Field>
        <Field label={label('station.lng')} error={locationError}>
          <input
            dir="ltr"
            inputMode="decimal"
            {...form.bind('lng')}
            onChange={(e) => (form.setValue('lng', e.target.value), form.setErrors(({ location: _c, ...r }) => r))}
          />
        </Field>
      </fieldset>
      <Field label={label('station.addressEn')} error={form.errorText('addressEn')}>
        <textarea dir="ltr" lang="en" rows={2} {...form.bind('addressEn')} maxLength={LIMITS.addressMax} />
      </Field>
      <Field label={label('station.addressAr')} error={form.errorText('addressAr')}>
        <textarea dir="rtl" lang="ar" rows={2} {...form.bind('addressAr')} maxLength={LIMITS.addressMax} />
      </Field>
      <ImageUpload label={label('station.photo')} purpose="station-photo" fileId={photo} onUploaded={setPhoto} />
      <Field label={label('station.chargers')} hint={label('station.computed')}>
        <input readOnly value={form.intl.formatNumber(station?.numberOfChargers ?? 0)} />
      </Field>
      <Field label={label('station.outOfService')} hint={label('station.computed')}>
        <input readOnly value={form.intl.formatNumber(station?.numberOutOfService ?? 0)} />
      </Field>
    </EditorCard>
  );
}
