import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type InputOf } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';

/** Query keys: one root per read model the answers come from, so a change refreshes both views. */
export const uptimeKeys = {
  network: (month: string) => ['uptime_stations', 'network', month] as const,
  station: (stationId: string, month: string) => ['uptime_stations', 'station', stationId, month] as const,
};

export const useNetworkUptime = (month: string) =>
  useQuery({
    queryKey: uptimeKeys.network(month),
    queryFn: ({ signal }) => api.query('uptime.network', { month, format: 'json' }, { signal }),
  });

export const useStationUptime = (stationId: string, month: string) =>
  useQuery({
    queryKey: uptimeKeys.station(stationId, month),
    queryFn: ({ signal }) => api.query('uptime.station', { stationId, month }, { signal }),
  });

/** The month as CSV (one line per station and Cairo day), fetched with the bearer token. */
export async function downloadUptimeCsv(month: string) {
  const blob = await api.file('uptime.network', { month, format: 'csv' }, { accept: 'text/csv' });
  saveFile(blob, `uptime-${month}.csv`);
}

type UptimeCommand = 'uptime.declare-maintenance' | 'uptime.cancel-maintenance' | 'uptime.set-target';

/** A staff change to a station's uptime; the views are read again once it is recorded. */
export function useUptimeCommand<Id extends UptimeCommand>(id: Id) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InputOf<Id>) => api.command(id, body as never),
    onSuccess: () => client.invalidateQueries({ queryKey: ['uptime_stations'] }),
  });
}
