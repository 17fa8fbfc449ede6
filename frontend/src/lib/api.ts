import type { z } from 'zod';
import type { FileInfo } from '@evc/contracts/files';
import type { CommandId, OperationId, Operations, QueryId } from '@evc/contracts/operations';
import routes from 'virtual:evc/operation-routes';
import { apiPost, apiRequest, withQuery, type QueryParams, type RequestOptions } from './api-client';

/** `z.object({})` reads as Record<string, never>, which would forbid the path parameters beside it: it adds nothing. */
type Fields<T> = T extends Record<string, never> ? (string extends keyof T ? Record<never, never> : T) : T;
type InputAt<Op, Key extends 'input' | 'params'> = Op extends { readonly [K in Key]: infer S extends z.ZodType }
  ? Fields<z.input<S>>
  : Record<never, never>;

/** What a call of an operation sends: its input (body or query string) and its path parameters. */
export type InputOf<Id extends OperationId> = InputAt<Operations[Id], 'input'> & InputAt<Operations[Id], 'params'>;
/** The path parameters alone (`:stationId`…). */
export type ParamsOf<Id extends OperationId> = InputAt<Operations[Id], 'params'>;
/** What the operation answers. */
export type OutputOf<Id extends OperationId> = z.output<Operations[Id]['output']>;

export interface QueryOptions {
  signal?: AbortSignal;
  /** A command's position: the read side waits until it has caught up (read your own write). */
  position?: number;
}
export interface FileOptions extends QueryOptions {
  /** The Accept header: `text/csv`, `image/*`… */
  accept?: string;
}
export type CommandOptions = Pick<RequestOptions, 'auth'>;

/** The operation's path with its `:name` parameters filled from `input`, and the rest of `input`. */
function locate(id: OperationId, input: unknown): { path: string; rest: Record<string, unknown> } {
  const rest: Record<string, unknown> = { ...(input as object) };
  // commands are not in the table: their path is their id under /api/commands/ (contracts/src/shared/operation.ts)
  const path = (routes[id] ?? `/api/commands/${id}`).replace(/:(\w+)/g, (_match, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  return { path, rest };
}

/** The path of an operation served outside `api` (live streams, page-view beacons, image URLs). */
export const pathOf = <Id extends OperationId>(id: Id, params: ParamsOf<Id>): string => locate(id, params).path;

function request(id: QueryId, params: unknown, options: QueryOptions, file?: FileOptions): Promise<unknown> {
  const { path, rest } = locate(id, params);
  const search = { ...rest, ...(options.position === undefined ? {} : { position: options.position }) } as QueryParams;
  const headers = file ? { Accept: file.accept ?? '*/*' } : undefined;
  return apiRequest(withQuery(path, search), { method: 'GET', signal: options.signal, headers }, { as: file ? 'blob' : 'json' });
}

/** Queries GET their input as the query string. */
const query = <Id extends QueryId>(id: Id, params: InputOf<Id>, options: QueryOptions = {}) =>
  request(id, params, options) as Promise<OutputOf<Id>>;

/** A query answered as a file: a list as CSV (`format: 'csv'`), a stored image. */
const file = <Id extends QueryId>(id: Id, params: InputOf<Id>, options: FileOptions = {}) =>
  request(id, params, options, options) as Promise<Blob>;

/** Commands POST their input as JSON. */
function command<Id extends CommandId>(id: Id, body: InputOf<Id>, options?: CommandOptions): Promise<OutputOf<Id>> {
  const { path, rest } = locate(id, body);
  return apiPost<OutputOf<Id>>(path, rest, options);
}

/** `files.upload` takes multipart/form-data (`file`, `purpose`); the browser sets the boundary. */
function upload(file: File, purpose: FileInfo['purpose']): Promise<OutputOf<'files.upload'>> {
  const form = new FormData();
  form.append('file', file);
  form.append('purpose', purpose);
  return apiRequest(locate('files.upload', {}).path, { method: 'POST', body: form });
}

/**
 * The typed client of contracts/src/operations.ts: ids, inputs and outputs come from the index's types, methods and
 * paths from the table vite.config.ts derives from it. Bearer token, refresh and errors: lib/api-client.ts.
 */
export const api = { query, command, file, upload };
