import { z } from 'zod';
import { commandResultSchema } from './api';
import type { Privilege } from './privileges';

/**
 * Who may call an operation; the server checks it for every command and query.
 * - public: anyone; authenticated: any signed-in account; customer: a signed-in customer (user type 5);
 * - staff: any signed-in staff member (user type 1); privilege: a staff member whose roles carry the privilege.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'customer' }
  | { kind: 'staff' }
  | { kind: 'privilege'; privilege: Privilege };
export const PUBLIC = { kind: 'public' } as const satisfies Access;
export const AUTHENTICATED = { kind: 'authenticated' } as const satisfies Access;
export const CUSTOMER = { kind: 'customer' } as const satisfies Access;
/** Any signed-in staff member, whatever their privileges: read access to the admin screens. */
export const STAFF = { kind: 'staff' } as const satisfies Access;
export const privilege = <P extends Privilege>(p: P) => ({ kind: 'privilege', privilege: p }) as const satisfies Access;

/** One HTTP operation: the unit the server routes, OpenAPI describes and the frontend calls. */
export interface OperationSpec {
  id: string;
  kind: 'command' | 'query';
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  access: Access;
  /** Body (commands) or query string (queries). */
  input?: z.ZodType;
  /** Path parameters, e.g. { stationId }. */
  params?: z.ZodType;
  output: z.ZodType;
  /**
   * Served by a controller of its own rather than the generic command or query controller (cookies, files,
   * provider callbacks, event streams); such an operation still belongs to the index.
   */
  dedicated?: true;
}

export const COMMANDS_PREFIX = '/api/commands/';
export const QUERIES_PREFIX = '/api/queries/';

interface Described<I, O> {
  summary: string;
  access: Access;
  input: I;
  output?: O;
}

/** POST /api/commands/<id>: a JSON body parsed by `input`; answers `output` (by default the command result). */
export function command<const Id extends string, I extends z.ZodType, O extends z.ZodType = typeof commandResultSchema>(
  id: Id,
  spec: Described<I, O>,
) {
  return {
    id,
    kind: 'command' as const,
    method: 'POST' as const,
    path: `${COMMANDS_PREFIX}${id}` as `/api/commands/${Id}`,
    summary: spec.summary,
    access: spec.access,
    input: spec.input,
    output: (spec.output ?? commandResultSchema) as O,
  };
}

interface QuerySpec<I, P, O> {
  summary: string;
  access: Access;
  input?: I;
  params?: P;
  output: O;
}
type Present<Key extends string, T> = T extends z.ZodType ? { [K in Key]: T } : unknown;

/** GET <path>: query string parsed by `input`, path parameters (`:name`) by `params`. */
export function query<
  const Id extends string,
  const Path extends string,
  O extends z.ZodType,
  I extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(id: Id, path: Path, spec: QuerySpec<I, P, O>) {
  return { id, kind: 'query' as const, method: 'GET' as const, path, ...spec } as {
    id: Id;
    kind: 'query';
    method: 'GET';
    path: Path;
    summary: string;
    access: Access;
    output: O;
  } & Present<'input', I> &
    Present<'params', P>;
}

/** An operation with a controller of its own (see OperationSpec.dedicated). */
export function dedicated<const Spec extends Omit<OperationSpec, 'dedicated'>>(spec: Spec): Spec & { dedicated: true } {
  return { ...spec, dedicated: true };
}

/** A group of operations keyed by id (one context's file); the index spreads the groups into `operations`. */
export function group<const Ops extends readonly OperationSpec[]>(...ops: Ops): { [O in Ops[number] as O['id']]: O } {
  return Object.fromEntries(ops.map((op) => [op.id, op])) as { [O in Ops[number] as O['id']]: O };
}

/** Query string `position`: a command's position the query waits for (≤ 2 s) before reading. */
export const positionParamSchema = z.object({ position: z.coerce.number().int().min(0).optional() });

/** The paging, search and read-your-writes parameters of the simple lists. */
export const listQuerySchema = z.object({
  q: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  position: z.coerce.number().int().min(0).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
