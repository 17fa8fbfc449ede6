// i18n-catalog: app — no messages here; the demo page loads the app catalog before it renders.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DemoAction, DemoStatus } from '@evc/contracts/site';
import { api } from '../../lib/api';

export const demoKey = ['demo'] as const;

/** The demonstration's state; read every 2 s while it runs (the simulated chargers change by themselves). */
export const useDemo = () =>
  useQuery({
    queryKey: demoKey,
    queryFn: ({ signal }) => api.query('demo.status', {}, { signal }),
    refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
  });

/**
 * The run this visitor launched: the server answers its token to that start only, and refuses steps without it, so
 * only the launcher steers the walk-through (others watch). Kept for the tab (sessionStorage), so a reload keeps it.
 */
const RUN_KEY = 'evc.demo.run';
interface OwnRun {
  token: string;
  startedAt: string;
}
export function ownRun(): OwnRun | null {
  try {
    const run = JSON.parse(sessionStorage.getItem(RUN_KEY) ?? 'null') as OwnRun | null;
    return run && typeof run.token === 'string' && typeof run.startedAt === 'string' ? run : null;
  } catch {
    return null;
  }
}
/** Whether the running demonstration is the one this visitor launched. */
export const isOwnRun = (status: DemoStatus) => status.running && ownRun()?.startedAt === status.startedAt;

function useDemoCommand<T>(send: (input: T) => ReturnType<typeof api.command<'demo.start'>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (status) => {
      if (status.token && status.startedAt)
        sessionStorage.setItem(RUN_KEY, JSON.stringify({ token: status.token, startedAt: status.startedAt }));
      client.setQueryData(demoKey, status);
    },
  });
}

export const useStartDemo = () => useDemoCommand<void>(() => api.command('demo.start', {}, { auth: false }));
export const useDemoStep = () =>
  useDemoCommand<DemoAction>((action) => api.command('demo.step', { action, token: ownRun()?.token ?? 'none' }, { auth: false }));
