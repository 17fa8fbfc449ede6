import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@evc/contracts/shared';
import type { CommandId, QueryId } from '@evc/contracts/operations';
import { api, type InputOf, type OutputOf } from '../../lib/api';

/** The last command position per read model: the next list query waits until the read model has caught up. */
const positions = new Map<string, number>();

/** The last command position of a read model (undefined before any command): pass it as `position` to read your own write. */
export const positionOf = (collection: string): number | undefined => positions.get(collection);

/** The queries that answer a page of rows (`{ dataList, totalCount }`). */
export type ListQueryId = { [Id in QueryId]: OutputOf<Id> extends Paged<unknown> ? Id : never }[QueryId];

/** A paged staff list; the query key starts with the read model's collection name. */
export function usePagedList<Id extends ListQueryId>(collection: string, id: Id, params: InputOf<Id>, enabled = true) {
  return useQuery({
    queryKey: [collection, 'list', params],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.query(id, params, { signal, position: positions.get(collection) }),
  });
}

/** A command of a staff screen; on success the collection's lists load again (reading their own write). */
export function useCommand<Id extends CommandId>(collection: string, id: Id) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InputOf<Id>) => api.command(id, body),
    onSuccess: (result) => {
      const position = (result as { position?: unknown } | undefined)?.position;
      if (typeof position === 'number') positions.set(collection, Math.max(positions.get(collection) ?? 0, position));
      return queryClient.invalidateQueries({ queryKey: [collection] });
    },
  });
}

/** One item by id (admin-get queries, `params` null while there is none); reads its own writes like the lists. */
export function useAdminItem<Id extends QueryId>(collection: string, id: Id, params: InputOf<Id> | null) {
  return useQuery({
    queryKey: [collection, 'item', id, params],
    enabled: params !== null,
    queryFn: ({ signal }) => api.query(id, params as InputOf<Id>, { signal, position: positions.get(collection) }),
  });
}

/** The prices in force and the client config, under the public pages' query keys (one cache), read afresh on each visit. */
export const useCurrentPricing = () =>
  useQuery({ queryKey: ['pricing'], queryFn: ({ signal }) => api.query('pricing.current', {}, { signal }) });
export const useMapConfig = () =>
  useQuery({
    queryKey: ['client-config'],
    queryFn: ({ signal }) => api.query('site.config', {}, { signal }),
    staleTime: Infinity,
    retry: 1,
  });
