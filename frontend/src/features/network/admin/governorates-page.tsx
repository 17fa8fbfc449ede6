import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CountryView, GovernorateAdminView } from '@evc/contracts/network';
import { governorateFormSchema, updateGovernorateSchema } from '@evc/contracts/network';
import { LIMITS } from '@evc/contracts/shared';
import { Field } from '../../../components/ui/field';
import { newUuid } from '../../../lib/uuid';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useCommand, usePagedList } from '../../../components/admin/admin-api';
import { AdminList, useAdminList, useBilingual, type Column } from '../../../components/admin/admin-list';
import { Status } from '../../../components/admin/admin-ui';
import { CheckField, EditorCard, NameFields, useEditorMode, useSave } from '../../../components/admin/form-parts';
import { ProblemAlert } from '../../../components/admin/problems';

const COLLECTION = 'governorates';

/** /admin/governorates: names, active, country (an active one), with station counts. */
export function GovernoratesPage() {
  const bi = useBilingual();
  const intl = useIntl();
  const countries = usePagedList('countries', 'countries.list', { page: 1, pageSize: 100 });
  const allCountries = countries.data?.dataList ?? [];
  const countryName = (id: string) => {
    const c = allCountries.find((x) => x.countryId === id);
    return c ? bi.name(c.nameEn, c.nameAr) : id;
  };
  const list = useAdminList<GovernorateAdminView>({
    collection: COLLECTION,
    operation: 'governorates.admin-list',
    defaultSort: bi.arabicDefault('nameAr'),
  });
  const editor = useEditorMode(() => list.query.refetch());
  const remove = useCommand(COLLECTION, 'governorates.delete');
  const editing =
    editor.mode.kind === 'edit' ? (list.rows.find((r) => r.governorateId === (editor.mode as { id: string }).id) ?? null) : null;
  const columns: Column<GovernorateAdminView>[] = [
    { key: 'name', labelId: 'admin.name', sortKey: bi.sortKey('nameEn', 'nameAr'), render: (r) => bi.name(r.nameEn, r.nameAr) },
    { key: 'other', labelId: 'admin.nameOther', render: (r) => bi.other(r.nameEn, r.nameAr) },
    { key: 'country', labelId: 'governorate.country', sortKey: 'countryId', render: (r) => countryName(r.countryId) },
    { key: 'stations', labelId: 'governorate.stations', sortKey: 'stationCount', render: (r) => intl.formatNumber(r.stationCount) },
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
  const activeCountries = allCountries.filter((c) => c.isActive);
  return (
    <AdminList
      titleId="admin.governorates"
      list={list}
      columns={columns}
      rowId={(r) => r.governorateId}
      rowLabel={(r) => bi.name(r.nameEn, r.nameAr)}
      writePrivilege="masterdata.write"
      onAdd={editor.create}
      onEdit={(r) => editor.edit(r.governorateId)}
      onDelete={(r) => remove.mutateAsync({ id: r.governorateId, expectedRevision: r.revision })}
      auditStream={(r) => `governorate-${r.governorateId}`}
      csvName="governorates.csv"
    >
      {editor.mode.kind === 'create' && (
        <GovernorateForm key={editor.key} countries={activeCountries} onDone={editor.close} onReload={editor.reload} />
      )}
      {editing && (
        <GovernorateForm
          key={editor.key}
          countries={activeCountries}
          governorate={editing}
          onDone={editor.close}
          onReload={editor.reload}
        />
      )}
    </AdminList>
  );
}

function GovernorateForm({
  governorate,
  countries,
  onDone,
  onReload,
}: {
  governorate?: GovernorateAdminView;
  countries: CountryView[];
  onDone: () => void;
  onReload: () => void;
}) {
  const bi = useBilingual();
  const [revision] = useState(governorate?.revision ?? 0);
  const [governorateId] = useState(() => governorate?.governorateId ?? newUuid());
  const [isActive, setActive] = useState(governorate?.isActive ?? true);
  const form = useSchemaForm({
    nameEn: governorate?.nameEn ?? '',
    nameAr: governorate?.nameAr ?? '',
    countryId: governorate?.countryId ?? (countries.length === 1 ? (countries[0]?.countryId ?? '') : ''),
  });
  const create = useCommand(COLLECTION, 'governorates.create');
  const update = useCommand(COLLECTION, 'governorates.update');
  const label = (id: string) => form.intl.formatMessage({ id });
  const saving = useSave(form, onDone);

  const submit = () => {
    saving.clear();
    const base = { governorateId, ...form.values, isActive };
    if (governorate) saving.save(update, form.validate(updateGovernorateSchema, { ...base, expectedRevision: revision }));
    else saving.save(create, form.validate(governorateFormSchema, base));
  };
  return (
    <EditorCard
      titleId={governorate ? 'admin.editTitle' : 'admin.addTitle'}
      busy={create.isPending || update.isPending}
      onSubmit={submit}
      onCancel={onDone}
      problem={
        saving.problem !== null && (
          <ProblemAlert error={saving.problem} context={governorate?.isActive && !isActive ? 'deactivate' : 'save'} onReload={onReload} />
        )
      }
    >
      <NameFields form={form} maxLength={LIMITS.masterDataNameMax} />
      <Field label={label('governorate.country')} error={form.errorText('countryId')}>
        <select {...form.bind('countryId')}>
          <option value="">{label('governorate.chooseCountry')}</option>
          {countries.map((c) => (
            <option key={c.countryId} value={c.countryId}>
              {bi.name(c.nameEn, c.nameAr)}
            </option>
          ))}
        </select>
      </Field>
      <CheckField label={label('admin.active')} checked={isActive} onChange={setActive} />
    </EditorCard>
  );
}
