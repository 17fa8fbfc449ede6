import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type InputOf } from '../../../lib/api';

/**
 * Query keys of the customer's profile and requests; each starts with its read model's collection, so the customer's
 * live stream (`/api/live/me`) refreshes them.
 */
export const profileKeys = {
  profile: ['customer_profiles', 'mine'] as const,
  requests: ['contact_requests'] as const,
  requestList: (page: number) => ['contact_requests', 'mine', page] as const,
};

/** The last write's position: the next read waits for it (read your own write). */
let lastPosition: number | undefined;

export const useMyProfile = () =>
  useQuery({ queryKey: profileKeys.profile, queryFn: ({ signal }) => api.query('me.profile', {}, { signal, position: lastPosition }) });

export function useSavePersonalInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InputOf<'account.update-personal-info'>) => api.command('account.update-personal-info', body),
    onSuccess: (result) => {
      lastPosition = result.position;
      return Promise.all([client.invalidateQueries({ queryKey: profileKeys.profile }), client.invalidateQueries({ queryKey: ['me'] })]);
    },
  });
}

export const REQUESTS_PAGE_SIZE = 10;
export const useMyContactRequests = (page: number) =>
  useQuery({
    queryKey: profileKeys.requestList(page),
    queryFn: ({ signal }) => api.query('me.contact-requests', { page, pageSize: REQUESTS_PAGE_SIZE }, { signal }),
  });
