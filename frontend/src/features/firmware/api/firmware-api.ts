import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FirmwareCandidatesQuery, FirmwareFileView } from '@evc/contracts/firmware';
import { api, pathOf } from '../../../lib/api';
import { apiRequest } from '../../../lib/api-client';

/** Query key roots: each read model's change refreshes the queries under its root (useStaffLive). */
export const FIRMWARE_FILES = 'firmware-files';
export const FIRMWARE_CAMPAIGNS = 'firmware-campaigns';
export const FIRMWARE_LIVE = { firmware_files: [[FIRMWARE_FILES]], firmware_campaigns: [[FIRMWARE_CAMPAIGNS]] };

export const useFirmwareFiles = () =>
  useQuery({
    queryKey: [FIRMWARE_FILES],
    queryFn: ({ signal }) => api.query('firmware.files', { page: 1, pageSize: 100 }, { signal }),
  });

export const useFirmwareCandidates = (filter: Omit<FirmwareCandidatesQuery, 'position'>) =>
  useQuery({
    queryKey: ['firmware-chargers', filter],
    queryFn: ({ signal }) => api.query('firmware.chargers', filter, { signal }),
  });

/** `position`: the last start's, so the list shows the campaign just started (read your writes). */
export const useFirmwareCampaigns = (position?: number) =>
  useQuery({
    queryKey: [FIRMWARE_CAMPAIGNS, 'list', position ?? null],
    queryFn: ({ signal }) => api.query('firmware.campaigns', { page: 1, pageSize: 50 }, { signal, position }),
  });

/** Live through /api/live/me; while the campaign runs it is also read again every few seconds, should that stream drop. */
export const useFirmwareCampaign = (campaignId: string) =>
  useQuery({
    queryKey: [FIRMWARE_CAMPAIGNS, 'one', campaignId],
    queryFn: ({ signal }) => api.query('firmware.campaign', { campaignId }, { signal }),
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 3_000 : false),
  });

/** `firmware.upload` takes multipart/form-data (`file`, `fileName`, `version`); the browser sets the boundary. */
export function useUploadFirmware() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, version }: { file: File; version: string }) => {
      const form = new FormData();
      form.append('file', file);
      form.append('fileName', file.name);
      form.append('version', version);
      return apiRequest<FirmwareFileView>(pathOf('firmware.upload', {}), { method: 'POST', body: form });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [FIRMWARE_FILES] }),
  });
}

export function useStartCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { campaignId: string; firmwareId: string; chargerIds: string[]; firstWavePercent: number }) =>
      api.command('firmware.start-campaign', body),
    onSuccess: () => client.invalidateQueries({ queryKey: [FIRMWARE_CAMPAIGNS] }),
  });
}
