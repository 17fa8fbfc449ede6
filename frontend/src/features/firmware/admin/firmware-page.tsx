import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '@tanstack/react-router';
import { FIRMWARE_FILE_NAME, firmwareVersionSchema, firmwareWaves } from '@evc/contracts/firmware';
import { Alert, ErrorText, FormCard, QueryWait, Screen, Table, TableScroll, Toolbar } from '../../../components/admin/admin-ui';
import { Button } from '../../../components/ui/button';
import { Select, TextInput } from '../../../components/ui/controls';
import { Field } from '../../../components/ui/field';
import { FileInput } from '../../../components/ui/file-input';
import { useStaffLive } from '../../../hooks/use-staff-live';
import { useBilingual } from '../../../hooks/use-bilingual';
import { formatCairo } from '../../../lib/cairo-time';
import { paths } from '../../../config/paths';
import {
  FIRMWARE_LIVE,
  useFirmwareCampaigns,
  useFirmwareCandidates,
  useFirmwareFiles,
  useStartCampaign,
  useUploadFirmware,
} from '../api/firmware-api';
import { CampaignStatus } from './campaign-table';

/** Uploads a firmware image with its version; the server checks its size and type and keeps its checksum. */
function UploadForm() {
  const intl = useIntl();
  const upload = useUploadFirmware();
  const [file, setFile] = useState<File | undefined>();
  const [version, setVersion] = useState('');
  const [tried, setTried] = useState(false);
  const versionOk = firmwareVersionSchema.safeParse(version).success;
  const nameOk = !!file && FIRMWARE_FILE_NAME.test(file.name);
  return (
    <FormCard
      as="form"
      aria-labelledby="firmware-upload-title"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (file && versionOk && nameOk) upload.mutate({ file, version: version.trim() });
      }}
    >
      <h2 id="firmware-upload-title">
        <FormattedMessage id="firmware.upload" />
      </h2>
      <Field
        label={intl.formatMessage({ id: 'firmware.file' })}
        error={tried && !nameOk ? intl.formatMessage({ id: 'firmware.fileRule' }) : undefined}
      >
        <FileInput id="firmware-file" accept=".bin,.img,.fw,.hex,.zip,.tar,.gz,.tgz,.swu" onFile={setFile} />
      </Field>
      <Field
        label={intl.formatMessage({ id: 'firmware.version' })}
        error={tried && !versionOk ? intl.formatMessage({ id: 'firmware.versionRule' }) : undefined}
      >
        <TextInput name="version" value={version} onChange={(e) => setVersion(e.target.value)} dir="ltr" />
      </Field>
      {upload.error && (
        <Alert role="alert">
          <ErrorText error={upload.error} />
        </Alert>
      )}
      {upload.data && (
        <p role="status">
          <FormattedMessage id="firmware.uploaded" values={{ checksum: <bdi dir="ltr">{upload.data.checksum}</bdi> }} />
        </p>
      )}
      <Button type="submit" disabled={upload.isPending}>
        <FormattedMessage id="firmware.uploadButton" />
      </Button>
    </FormCard>
  );
}

/** Chooses the firmware and the chargers (by station, vendor, model or version), the first wave's share, and starts. */
function NewCampaign({ onStarted }: { onStarted: (position: number) => void }) {
  const intl = useIntl();
  const { name } = useBilingual();
  const files = useFirmwareFiles();
  const [filter, setFilter] = useState({ vendor: '', model: '', firmwareVersion: '', stationId: '' });
  const query = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== ''));
  const candidates = useFirmwareCandidates(query);
  const [firmwareId, setFirmwareId] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [percent, setPercent] = useState(5);
  const start = useStartCampaign();
  const rows = candidates.data?.dataList ?? [];
  const chargerIds = rows.map((r) => r.chargerId).filter((id) => chosen.has(id));
  const waves = useMemo(() => firmwareWaves(chargerIds, percent), [chargerIds, percent]);
  const toggle = (id: string) => setChosen((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));
  const set = (key: keyof typeof filter) => (e: { target: { value: string } }) =>
    setFilter((f) => ({ ...f, [key]: e.target.value.trim() }));
  return (
    <FormCard
      as="form"
      aria-labelledby="firmware-campaign-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (!firmwareId || chargerIds.length === 0) return;
        start.mutate(
          { campaignId: crypto.randomUUID(), firmwareId, chargerIds, firstWavePercent: percent },
          {
            onSuccess: (result) => {
              setChosen(new Set());
              onStarted(result.position);
            },
          },
        );
      }}
    >
      <h2 id="firmware-campaign-title">
        <FormattedMessage id="firmware.newCampaign" />
      </h2>
      <Field label={intl.formatMessage({ id: 'firmware.image' })}>
        <Select name="firmwareId" value={firmwareId} onChange={(e) => setFirmwareId(e.target.value)}>
          <option value="">{intl.formatMessage({ id: 'firmware.chooseImage' })}</option>
          {(files.data?.dataList ?? []).map((f) => (
            <option key={f.firmwareId} value={f.firmwareId}>
              {f.version} · {f.fileName}
            </option>
          ))}
        </Select>
      </Field>
      <Toolbar>
        {(['stationId', 'vendor', 'model', 'firmwareVersion'] as const).map((key) => (
          <Field key={key} label={intl.formatMessage({ id: `firmware.filter.${key}` })}>
            <TextInput name={`filter-${key}`} value={filter[key]} onChange={set(key)} dir="ltr" />
          </Field>
        ))}
      </Toolbar>
      {!candidates.data ? (
        <QueryWait query={candidates} />
      ) : (
        <TableScroll>
          <Table data-testid="firmware-candidates">
            <thead>
              <tr>
                <th>
                  <input
                    type="checkbox"
                    aria-label={intl.formatMessage({ id: 'firmware.chooseAll' })}
                    checked={rows.length > 0 && chargerIds.length === rows.length}
                    onChange={(e) => setChosen(e.target.checked ? new Set(rows.map((r) => r.chargerId)) : new Set())}
                  />
                </th>
                <th>
                  <FormattedMessage id="firmware.charger" />
                </th>
                <th>
                  <FormattedMessage id="firmware.station" />
                </th>
                <th>
                  <FormattedMessage id="firmware.filter.vendor" />
                </th>
                <th>
                  <FormattedMessage id="firmware.filter.model" />
                </th>
                <th>
                  <FormattedMessage id="firmware.filter.firmwareVersion" />
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.chargerId}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={r.chargerId}
                      checked={chosen.has(r.chargerId)}
                      onChange={() => toggle(r.chargerId)}
                    />
                  </td>
                  <td>
                    <bdi dir="ltr">{r.chargerId}</bdi>
                  </td>
                  <td>{name(r.stationNameEn, r.stationNameAr)}</td>
                  <td>{r.vendor ?? '—'}</td>
                  <td>{r.model ?? '—'}</td>
                  <td>
                    <bdi dir="ltr">{r.firmwareVersion ?? '—'}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
      <Field label={intl.formatMessage({ id: 'firmware.firstWave' })}>
        <TextInput
          name="firstWavePercent"
          type="number"
          min={1}
          max={100}
          value={percent}
          onChange={(e) => setPercent(Math.min(100, Math.max(1, Math.round(Number(e.target.value) || 1))))}
        />
      </Field>
      <p data-testid="firmware-waves">
        <FormattedMessage id="firmware.wavesSummary" values={{ first: waves[0]?.length ?? 0, second: waves[1]?.length ?? 0 }} />
      </p>
      {start.error && (
        <Alert role="alert">
          <ErrorText error={start.error} />
        </Alert>
      )}
      <Button type="submit" disabled={start.isPending || !firmwareId || chargerIds.length === 0}>
        <FormattedMessage id="firmware.start" />
      </Button>
    </FormCard>
  );
}

/** /admin/firmware (firmware.manage): upload images, start a campaign, and follow every campaign live. */
export function FirmwarePage() {
  const { locale } = useBilingual();
  useStaffLive(FIRMWARE_LIVE);
  const [position, setPosition] = useState<number | undefined>();
  const campaigns = useFirmwareCampaigns(position);
  return (
    <Screen>
      <h1>
        <FormattedMessage id="admin.firmware" />
      </h1>
      <UploadForm />
      <NewCampaign onStarted={setPosition} />
      <h2>
        <FormattedMessage id="firmware.campaigns" />
      </h2>
      {!campaigns.data ? (
        <QueryWait query={campaigns} />
      ) : (
        <TableScroll>
          <Table data-testid="firmware-campaigns">
            <thead>
              <tr>
                <th>
                  <FormattedMessage id="firmware.startedAt" />
                </th>
                <th>
                  <FormattedMessage id="firmware.version" />
                </th>
                <th>
                  <FormattedMessage id="firmware.updatedCount" />
                </th>
                <th>
                  <FormattedMessage id="admin.status" />
                </th>
              </tr>
            </thead>
            <tbody>
              {campaigns.data.dataList.map((c) => (
                <tr key={c.campaignId}>
                  <td>
                    <Link to={paths.admin.firmwareCampaign} params={{ campaignId: c.campaignId }}>
                      <time dateTime={c.startedAt}>{formatCairo(c.startedAt, locale)}</time>
                    </Link>
                  </td>
                  <td>
                    <bdi dir="ltr">{c.version}</bdi>
                  </td>
                  <td>
                    <FormattedMessage id="firmware.countOf" values={{ done: c.updated, total: c.total }} />
                  </td>
                  <td>
                    <CampaignStatus campaign={c} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
    </Screen>
  );
}
