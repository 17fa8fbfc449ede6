import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CountryView } from '@evc/contracts/network';
import { countryFormSchema, updateCountrySchema } from '@evc/contracts/network';
import { Field } from '../../../components/ui/field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useCommand } from '../../../components/admin/admin-api';
import { AdminList, useAdminList, useBilingual, type Column } from '../../../components/admin/admin-list';
import { Status } from '../../../components/admin/admin-ui';
import { CheckField, EditorCard, NameFields, useEditorMode, useSave } from '../../../components/admin/form-parts';
import { AuthorizedImage, ImageUpload } from '../../../components/admin/image-upload';
import { ProblemAlert } from '../../../components/admin/problems';

const COLLECTION = 'countries';
const FLAG_ID = /^[a-f0-9]{64}$/;

/** /admin/countries: flag (required), names, phone code, currency, active. */
export function CountriesPage() {
  const bi = useBilingual();
  const intl = useIntl();
  const list = useAdminList<CountryView>({ collection: COLLECTION, operation: 'countries.list', defaultSort: bi.arabicDefault('nameAr') });
  const editor = useEditorMode(() => list.query.refetch());
  const editing = editor.mode.kind === 'edit' ? (list.rows.find((r) => r.countryId === (editor.mode as { id: string }).id) ?? null) : null;
  const columns: Column<CountryView>[] = [
    {
      key: 'flag',
      labelId: 'country.flag',
      render: (r) =>
        r.flagFileId ? (
          <AuthorizedImage
            fileId={r.flagFileId}
            alt={intl.formatMessage({ id: 'country.flagOf' }, { name: bi.name(r.nameEn, r.nameAr) })}
            size={32}
          />
        ) : (
          '—'
        ),
    },
    { key: 'name', labelId: 'admin.name', sortKey: bi.sortKey('nameEn', 'nameAr'), render: (r) => bi.name(r.nameEn, r.nameAr) },
    { key: 'other', labelId: 'admin.nameOther', render: (r) => bi.other(r.nameEn, r.nameAr) },
    { key: 'iso', labelId: 'country.iso', sortKey: 'iso', render: (r) => r.iso },
    { key: 'phone', labelId: 'country.phoneCode', sortKey: 'phoneCode', render: (r) => <bdi dir="ltr">{r.phoneCode}</bdi> },
    { key: 'currency', labelId: 'country.currency', sortKey: 'currency', render: (r) => r.currency },
    { key: 'govs', labelId: 'country.governorates', render: (r) => intl.formatNumber(r.governorateCount) },
    {
      key: 'active',
      labelId: 'admin.status',
      sortKey: 'isActive',
      render: (r) => (
        <Status ok={r.isActive}>
          <FormattedMessage id={r.isActive ? 'admin.active' : 'admin.inactive'} />
        </Status>
      ),
    },
  ];
  return (
    <AdminList
      titleId="admin.countries"
      list={list}
      columns={columns}
      rowId={(r) => r.countryId}
      writePrivilege="masterdata.write"
      onAdd={editor.create}
      onEdit={(r) => editor.edit(r.countryId)}
      auditStream={(r) => `country-${r.countryId}`}
      csvName="countries.csv"
    >
      {editor.mode.kind === 'create' && <CountryForm key={editor.key} onDone={editor.close} onReload={editor.reload} />}
      {editing && <CountryForm key={editor.key} country={editing} onDone={editor.close} onReload={editor.reload} />}
    </AdminList>
  );
}

export function CountryForm({ country, onDone, onReload }: { country?: CountryView; onDone: () => void; onReload: () => void }) {
  const [revision] = useState(country?.revision ?? 0);
  const [isActive, setActive] = useState(country?.isActive ?? true);
  const [flag, setFlag] = useState<string | null>(country?.flagFileId && FLAG_ID.test(country.flagFileId) ? country.flagFileId : null);
  const form = useSchemaForm({
    iso: country?.iso ?? '',
    nameEn: country?.nameEn ?? '',
    nameAr: country?.nameAr ?? '',
    phoneCode: country?.phoneCode ?? '+',
    currency: country?.currency ?? '',
  });
  const create = useCommand(COLLECTION, 'countries.create');
  const update = useCommand(COLLECTION, 'countries.update');
  const label = (id: string) => form.intl.formatMessage({ id });
  const saving = useSave(form, onDone);

  const submit = () => {
    saving.clear();
    const iso = form.values.iso.trim().toUpperCase();
    const base = {
      countryId: country?.countryId ?? iso.toLowerCase(),
      ...form.values,
      iso,
      currency: form.values.currency.trim().toUpperCase(),
      flagFileId: flag ?? undefined,
      isActive,
    };
    if (country) saving.save(update, form.validate(updateCountrySchema, { ...base, expectedRevision: revision }));
    else saving.save(create, form.validate(countryFormSchema, base));
  };

  return (
    <EditorCard
      titleId={country ? 'admin.editTitle' : 'admin.addTitle'}
      busy={create.isPending || update.isPending}
      onSubmit={submit}
      onCancel={onDone}
      problem={saving.problem !== null && <ProblemAlert error={saving.problem} onReload={onReload} />}
    >
      <ImageUpload
        label={label('country.flag')}
        purpose="flag"
        fileId={flag}
        onUploaded={(id) => {
          setFlag(id);
          form.setErrors(({ flagFileId: _cleared, ...rest }) => rest);
        }}
        error={form.errors.flagFileId ? label('upload.selectImage') : undefined}
      />
      {!country && (
        <Field label={label('country.iso')} error={form.errorText('iso')} hint={label('country.isoHint')}>
          <input dir="ltr" {...form.bind('iso')} maxLength={2} autoComplete="off" />
        </Field>
      )}
      <NameFields form={form} maxLength={60} />
      <Field label={label('country.phoneCode')} error={form.errorText('phoneCode')} hint={label('country.phoneCodeHint')}>
        <input dir="ltr" inputMode="tel" {...form.bind('phoneCode')} maxLength={5} />
      </Field>
      <Field label={label('country.currency')} error={form.errorText('currency')} hint={label('country.currencyHint')}>
        <input dir="ltr" {...form.bind('currency')} maxLength={3} />
      </Field>
      <CheckField label={label('admin.active')} checked={isActive} onChange={setActive} />
    </EditorCard>
  );
}
