import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MasterDataItemView } from '@evc/contracts/catalog';
import { createMasterDataItemSchema, updateMasterDataItemSchema } from '@evc/contracts/catalog';
import type { MasterDataKind } from '@evc/contracts/catalog';
import { LIMITS } from '@evc/contracts/shared';
import { normalizeDigits } from '@evc/contracts/shared';
import { Field } from '../../../components/ui/field';
import { localDigits } from '../../../lib/format';
import { newUuid } from '../../../lib/uuid';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useCommand, usePagedList } from '../../../components/admin/admin-api';
import { AdminList, useAdminList, useBilingual, useListState, type Column } from '../../../components/admin/admin-list';
import { Status } from '../../../components/admin/admin-ui';
import { CheckField, EditorCard, useEditorMode, useSave } from '../../../components/admin/form-parts';
import { ProblemAlert } from '../../../components/admin/problems';

const COLLECTION = 'master_data';
const TITLES: Record<MasterDataKind, string> = { carBrand: 'admin.carBrand', carType: 'admin.carType', batteryRange: 'admin.batteryRange' };
const FILES: Record<MasterDataKind, string> = { carBrand: 'car-brands.csv', carType: 'car-types.csv', batteryRange: 'battery-ranges.csv' };

/** The car brands to choose from (the parent of car types). */
function useBrands(enabled: boolean) {
  const brands = usePagedList(COLLECTION, 'masterdata.list', { kind: 'carBrand', page: 1, pageSize: 100, sort: 'name' }, enabled);
  return brands.data?.dataList ?? [];
}

function MasterDataScreen({ kind }: { kind: MasterDataKind }) {
  const bi = useBilingual();
  const intl = useIntl();
  const isType = kind === 'carType';
  const brands = useBrands(isType);
  const { search } = useListState();
  const parentId = isType && typeof search.brand === 'string' ? search.brand : '';
  const scoped = useAdminList<MasterDataItemView>({
    collection: COLLECTION,
    operation: 'masterdata.list',
    params: { kind, ...(parentId ? { parentId } : {}) },
    defaultSort: bi.arabicDefault('nameTranslation'),
  });
  const editor = useEditorMode(() => scoped.query.refetch());
  const remove = useCommand(COLLECTION, 'masterdata.delete');
  const editing = editor.mode.kind === 'edit' ? (scoped.rows.find((r) => r.itemId === (editor.mode as { id: string }).id) ?? null) : null;

  const columns: Column<MasterDataItemView>[] = [
    {
      key: 'name',
      labelId: 'masterdata.name',
      sortKey: bi.locale === 'ar' ? 'nameTranslation' : 'name',
      render: (r) => bi.name(r.name, r.nameTranslation),
    },
    {
      key: 'translation',
      labelId: 'masterdata.translation',
      sortKey: bi.locale === 'ar' ? 'name' : 'nameTranslation',
      render: (r) => bi.other(r.name, r.nameTranslation),
    },
    ...(kind === 'carBrand'
      ? []
      : [
          {
            key: 'value',
            labelId: 'masterdata.value',
            sortKey: 'value',
            render: (r: MasterDataItemView) => (r.value ? <bdi>{localDigits(r.value, bi.locale)}</bdi> : '—'),
          },
        ]),
    ...(isType
      ? [
          {
            key: 'brand',
            labelId: 'masterdata.brand',
            sortKey: 'parentName',
            render: (r: MasterDataItemView) => (bi.locale === 'ar' ? r.parentNameAr : r.parentName) ?? '—',
          },
        ]
      : []),
    { key: 'usage', labelId: 'masterdata.usage', sortKey: 'usageCount', render: (r) => intl.formatNumber(r.usageCount) },
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
      titleId={TITLES[kind]}
      list={scoped}
      columns={columns}
      rowId={(r) => r.itemId}
      rowLabel={(r) => bi.name(r.name, r.nameTranslation)}
      writePrivilege="masterdata.write"
      onAdd={editor.create}
      onEdit={(r) => editor.edit(r.itemId)}
      onDelete={(r) => remove.mutateAsync({ id: r.itemId, expectedRevision: r.revision })}
      auditStream={(r) => `masterdata-${r.itemId}`}
      csvName={FILES[kind]}
      filters={
        isType && (
          <select
            aria-label={intl.formatMessage({ id: 'masterdata.brand' })}
            value={parentId}
            onChange={(e) => scoped.update({ brand: e.target.value || undefined, page: 1, selected: undefined })}
          >
            <option value="">{intl.formatMessage({ id: 'masterdata.allBrands' })}</option>
            {brands.map((b) => (
              <option key={b.itemId} value={b.itemId}>
                {bi.name(b.name, b.nameTranslation)}
              </option>
            ))}
          </select>
        )
      }
    >
      {editor.mode.kind === 'create' && (
        <MasterDataForm key={editor.key} kind={kind} brands={brands} parentId={parentId} onDone={editor.close} onReload={editor.reload} />
      )}
      {editing && (
        <MasterDataForm
          key={editor.key}
          kind={kind}
          brands={brands}
          item={editing}
          parentId={parentId}
          onDone={editor.close}
          onReload={editor.reload}
        />
      )}
    </AdminList>
  );
}

function MasterDataForm({
  kind,
  item,
  brands,
  parentId,
  onDone,
  onReload,
}: {
  kind: MasterDataKind;
  item?: MasterDataItemView;
  brands: MasterDataItemView[];
  parentId: string;
  onDone: () => void;
  onReload: () => void;
}) {
  const bi = useBilingual();
  const [revision] = useState(item?.revision ?? 0);
  const [itemId] = useState(() => item?.itemId ?? newUuid());
  const [isActive, setActive] = useState(item?.isActive ?? true);
  const form = useSchemaForm({
    name: item?.name ?? '',
    nameTranslation: item?.nameTranslation ?? '',
    value: item?.value ?? '',
    parentId: item?.parentId ?? parentId,
  });
  const create = useCommand(COLLECTION, 'masterdata.create');
  const update = useCommand(COLLECTION, 'masterdata.update');
  const label = (id: string) => form.intl.formatMessage({ id });
  const saving = useSave(form, onDone);
  const isType = kind === 'carType';

  const submit = () => {
    saving.clear();
    // kWh and ranges are stored with Western digits, whatever digits the person typed
    const base = {
      itemId,
      name: form.values.name,
      nameTranslation: form.values.nameTranslation,
      value: normalizeDigits(form.values.value),
      isActive,
      ...(isType ? { parentId: form.values.parentId || undefined } : {}),
    };
    if (isType && !form.values.parentId) {
      form.setErrors({ parentId: { path: 'parentId', code: 'required_brand' } });
      return;
    }
    if (item) saving.save(update, form.validate(updateMasterDataItemSchema, { ...base, expectedRevision: revision }));
    else saving.save(create, form.validate(createMasterDataItemSchema, { ...base, kind }));
  };

  return (
    <EditorCard
      titleId={item ? 'admin.editTitle' : 'admin.addTitle'}
      busy={create.isPending || update.isPending}
      onSubmit={submit}
      onCancel={onDone}
      problem={
        saving.problem !== null && (
          <ProblemAlert error={saving.problem} context={item && item.isActive && !isActive ? 'deactivate' : 'save'} onReload={onReload} />
        )
      }
    >
      {isType && (
        <Field
          label={label('masterdata.brand')}
          error={form.errors.parentId?.code === 'required_brand' ? label('masterdata.chooseBrand') : form.errorText('parentId')}
        >
          <select {...form.bind('parentId')}>
            <option value="">{label('masterdata.chooseBrand')}</option>
            {brands.map((b) => (
              <option key={b.itemId} value={b.itemId}>
                {bi.name(b.name, b.nameTranslation)}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field label={label('masterdata.nameEn')} error={form.errorText('name')} hint={label('masterdata.nameHint')}>
        <input dir="auto" {...form.bind('name')} maxLength={LIMITS.masterDataNameMax} />
      </Field>
      <Field label={label('masterdata.nameAr')} error={form.errorText('nameTranslation')} hint={label('masterdata.nameHint')}>
        <input dir="auto" lang="ar" {...form.bind('nameTranslation')} maxLength={LIMITS.masterDataNameMax} />
      </Field>
      {kind !== 'carBrand' && (
        <Field
          label={label('masterdata.value')}
          error={form.errorText('value')}
          hint={label(kind === 'batteryRange' ? 'masterdata.valueHintRange' : 'masterdata.valueHintType')}
        >
          <input dir="auto" {...form.bind('value')} maxLength={60} />
        </Field>
      )}
      <CheckField label={label('admin.active')} checked={isActive} onChange={setActive} />
    </EditorCard>
  );
}

export const CarBrandPage = () => <MasterDataScreen kind="carBrand" />;
export const CarTypePage = () => <MasterDataScreen kind="carType" />;
export const BatteryRangePage = () => <MasterDataScreen kind="batteryRange" />;
