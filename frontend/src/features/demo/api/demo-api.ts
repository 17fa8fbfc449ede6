// i18n-catalog: app — no messages here; the demo page loads the app catalog before it renders.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DemoAction } from '@evc/contracts/site/demo';
import { api } from '../../../lib/api';

export const demoKey = ['demo'] as const;

/** The demonstration's state; read every 2 s while it runs (the simulated chargers change by themselves). */
export const useDemo = () =>
  useQuery({
    queryKey: demoKey,
    queryFn: ({ signal }) => api.query('demo.status', {}, { signal }),
    refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
  });

function useDemoCommand<T>(send: (input: T) => ReturnType<typeof api.command<'demo.start'>>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (status) => client.setQueryData(demoKey, status) });
}

export const useStartDemo = () => useDemoCommand<void>(() => api.command('demo.start', {}, { auth: false }));
export const useDemoStep = () => useDemoCommand<DemoAction>((action) => api.command('demo.step', { action }, { auth: false }));
