import type { ComponentType, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { StationAdminView } from '@evc/contracts/network';
import { useCommand, usePagedList } from '../../../components/admin/admin-api';
import { useAdminLiveUpdates } from '../../../hooks/use-admin-live-updates';
import { useStaffLive } from '../../../hooks/use-staff-live';
import { AdminList, useAdminList, useBilingual, type Column } from '../../../components/admin/admin-list';
import type { ChargerRowParts } from '../../../components/admin/charger-row-parts';
import type { PrivateKeyRoots } from '../../../lib/private-live';
import { ChargersPanel } from './chargers-panel';
import { useEditorMode } from '../../../components/admin/form-parts';
import { STATIONS, StationForm } from './station-form';

const LIVE_ROOTS = [STATIONS] as const;
/** The chargers' staff view is off the public stream: it comes on the staff member's own (`/api/live/me`). */
const CHARGER_ROOTS = { chargers: [[STATIONS]] };

/**
 * /admin/chargerManagement: stations; the selected station's chargers (with their live state) are edited inline below
 * the list. The list follows `/api/live` (stations) and `/api/live/me` (chargers), so charger and connector states
 * move without a reload. The chargers' live parts come from chargers-live through the app (`liveParts`).
 */
export function StationsAdminPage({
  liveParts: LiveParts,
  stationParts: StationParts,
}: {
  liveParts: ComponentType<{ children: (parts: ChargerRowParts) => ReactNode }>;
  /**
   * Other contexts' parts of the selected station's page (smart charging's power and limit), below its chargers, and
   * the private read models they follow (on this page's one `/api/live/me` stream).
   */
  stationParts?: { Part: ComponentType<{ stationId: string }>; liveRoots: PrivateKeyRoots };
}) {
  const bi = useBilingual();
  const intl = useIntl();
  useAdminLiveUpdates(LIVE_ROOTS);
  useStaffLive(StationParts ? { ...StationParts.liveRoots, ...CHARGER_ROOTS } : CHARGER_ROOTS);
  const governorates = usePagedList('governorates', 'governorates.admin-list', { page: 1, pageSize: 100, active: 'true' });
  const list = useAdminList<StationAdminView>({
    collection: STATIONS,
    operation: 'stations.admin-list',
    statusFilter: null,
    defaultSort: bi.arabicDefault('nameAr'),
  });
  const editor = useEditorMode(() => list.query.refetch());
  const remove = useCommand(STATIONS, 'stations.delete');
  const editing = editor.mode.kind === 'edit' ? (list.rows.find((r) => r.stationId === (editor.mode as { id: string }).id) ?? null) : null;
  const columns: Column<StationAdminView>[] = [
    { key: 'name', labelId: 'admin.name', sortKey: bi.sortKey('nameEn', 'nameAr'), render: (r) => bi.name(r.nameEn, r.nameAr) },
    { key: 'other', labelId: 'admin.nameOther', render: (r) => bi.other(r.nameEn, r.nameAr) },
    {
      key: 'gov',
      labelId: 'station.governorate',
      sortKey: bi.sortKey('governorateNameEn', 'governorateNameAr'),
      render: (r) => bi.name(r.governorateNameEn, r.governorateNameAr),
    },
    { key: 'chargers', labelId: 'station.chargers', sortKey: 'numberOfChargers', render: (r) => intl.formatNumber(r.numberOfChargers) },
    { key: 'out', labelId: 'station.outOfService', sortKey: 'numberOutOfService', render: (r) => intl.formatNumber(r.numberOutOfService) },
  ];
  const govs = governorates.data?.dataList ?? [];
  return (
    <AdminList
      titleId="admin.chargerManagement"
      list={list}
      columns={columns}
      rowId={(r) => r.stationId}
      rowLabel={(r) => bi.name(r.nameEn, r.nameAr)}
      writePrivilege="stations.write"
      onAdd={editor.create}
      onEdit={(r) => editor.edit(r.stationId)}
      onDelete={(r) => remove.mutateAsync({ id: r.stationId, expectedRevision: r.revision })}
      auditStream={(r) => `station-${r.stationId}`}
      csvName="stations.csv"
      detail={(r) => (
        <>
          <LiveParts key={r.stationId}>{(live) => <ChargersPanel station={r} live={live} />}</LiveParts>
          {StationParts && <StationParts.Part key={`parts-${r.stationId}`} stationId={r.stationId} />}
        </>
      )}
    >
      {editor.mode.kind === 'create' && <StationForm key={editor.key} governorates={govs} onDone={editor.close} onReload={editor.reload} />}
      {editing && <StationForm key={editor.key} station={editing} governorates={govs} onDone={editor.close} onReload={editor.reload} />}
    </AdminList>
  );
}
