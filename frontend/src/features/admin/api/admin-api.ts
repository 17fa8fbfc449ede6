import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommandResult, Paged } from '@evc/contracts/api';
import { apiGet, apiPost } from '../../../lib/api-client';

/** The last command position per read model: the next list query waits until the read model has caught up. */
const positions = new Map<string, number>();

export interface ListParams {
  q?: string;
  page?: number;
  pageSize?: number;
}

/** A paged staff list; the query key starts with the read model's collection name. */
export function usePagedList<T>(collection: string, path: string, params: ListParams, enabled = true) {
  return useQuery({
    queryKey: [collection, 'list', params],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => apiGet<Paged<T>>(path, { ...params, position: positions.get(collection) }, signal),
  });
}

/** A command of a staff screen; on success the collection's lists load again (reading their own write). */
export function useCommand<B>(collection: string, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => apiPost<CommandResult>(path, body),
    onSuccess: (result) => {
      if (typeof result?.position === 'number') positions.set(collection, Math.max(positions.get(collection) ?? 0, result.position));
      return queryClient.invalidateQueries({ queryKey: [collection] });
    },
  });
}
