import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommandResult, Paged } from '@evc/contracts/api';
import { apiGet, apiPost, apiRequest, withQuery, type QueryParams } from '../../../lib/api-client';
import { endpoints } from './admin-endpoints';
import type { FileInfo } from '@evc/contracts/admin/schemas';
import type { PricingView } from '@evc/contracts/network/views';
import type { ClientConfig } from '@evc/contracts/site/schemas';

/** The last command position per read model: the next list query waits until the read model has caught up. */
const positions = new Map<string, number>();

/** The last command position of a read model (undefined before any command): pass it as `position` to read your own write. */
export const positionOf = (collection: string): number | undefined => positions.get(collection);

export interface ListParams {
  q?: string;
  page?: number;
  pageSize?: number;
  [param: string]: string | number | boolean | undefined;
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
export function useCommand<B, R extends CommandResult = CommandResult>(collection: string, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => apiPost<R>(path, body),
    onSuccess: (result) => {
      if (typeof result?.position === 'number') positions.set(collection, Math.max(positions.get(collection) ?? 0, result.position));
      return queryClient.invalidateQueries({ queryKey: [collection] });
    },
  });
}

/** One item by id (admin-get queries); reads its own writes like the lists. */
export function useAdminItem<T>(collection: string, path: string | null) {
  return useQuery({
    queryKey: [collection, 'item', path],
    enabled: path !== null,
    queryFn: ({ signal }) => apiGet<T>(path ?? '', { position: positions.get(collection) }, signal),
  });
}

/** Uploads an image as multipart/form-data (`file`, `purpose`); answers its id. */
export function uploadImage(file: File, purpose: FileInfo['purpose']): Promise<FileInfo> {
  const form = new FormData();
  form.append('file', file);
  form.append('purpose', purpose);
  return apiUpload<FileInfo>(endpoints.files.upload, form);
}

/**
 * The prices in force and the client config, under the public pages' query keys (shared cache). Restated here rather
 * than imported from features/stations so the landing page's chunks stay as they are.
 */
export const useCurrentPricing = () =>
  useQuery({ queryKey: ['pricing'], queryFn: ({ signal }) => apiGet<PricingView>(endpoints.pricing, undefined, signal) });
export const useMapConfig = () =>
  useQuery({ queryKey: ['client-config'], queryFn: ({ signal }) => apiGet<ClientConfig>(endpoints.config, undefined, signal), staleTime: Infinity, retry: 1 });

/** A multipart upload (files): the browser sets the multipart Content-Type with its boundary. */
export const apiUpload = <T>(path: string, form: FormData): Promise<T> => apiRequest<T>(path, { method: 'POST', body: form });

/** A GET whose answer is a file (CSV export, stored image), with the bearer token like every other call. */
export const apiBlob = (path: string, params?: QueryParams, accept = '*/*', signal?: AbortSignal): Promise<Blob> =>
  apiRequest<Blob>(withQuery(path, params), { method: 'GET', headers: { Accept: accept }, signal }, { as: 'blob' });
