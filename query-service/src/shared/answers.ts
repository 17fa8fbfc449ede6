import type { z } from 'zod';
import type { Operations, QueryId } from '@evc/contracts';
import type { Principal } from '@evc/platform/http/access';
import { ApiException } from '@evc/platform/http/api-exception';
import type { ReplyLike } from './reply';

/** Queries the generic controller serves (the rest have controllers of their own: event streams, files, pages). */
export type AnsweredQueryId = { [K in QueryId]: Operations[K] extends { dedicated: true } ? never : K }[QueryId];
type Parsed<T> = T extends z.ZodType ? z.output<T> : unknown;
/** A query's input: its query string and its path parameters, each parsed by the operation's schema. */
export type QueryInput<K extends AnsweredQueryId> = Parsed<Operations[K] extends { input: infer I } ? I : undefined> &
  Parsed<Operations[K] extends { params: infer P } ? P : undefined>;
export type QueryOutput<K extends AnsweredQueryId> = z.output<Operations[K]['output']>;

/** Who asks (null: a visitor on a public query). */
export interface Caller {
  principal: Principal | null;
}

/** An answer that is a download rather than JSON (the admin lists' CSV, a receipt's PDF). */
export class FileAnswer {
  constructor(
    readonly body: string | Buffer,
    readonly contentType: string,
    readonly filename: string,
  ) {}

  send(reply: ReplyLike): string | Buffer {
    reply
      .header('content-type', this.contentType)
      .header('content-disposition', `attachment; filename="${this.filename}"`)
      .header('cache-control', 'no-store');
    return this.body;
  }
}

export type Answer<K extends AnsweredQueryId> = (input: QueryInput<K>, caller: Caller) => Promise<QueryOutput<K> | FileAnswer>;
export type Answers<K extends AnsweredQueryId> = { [Id in K]: Answer<Id> };

/** A context's answers to its queries: a provider the generic query controller collects. */
export interface QueryAnswers {
  readonly answers: Partial<Answers<AnsweredQueryId>>;
}

/** The signed-in customer of a `customer` query (the controller has checked the access). */
export function customerOf(caller: Caller): string {
  if (!caller.principal) throw new ApiException('auth.unauthenticated', 'Sign in first');
  return caller.principal.accountId;
}

/** The item, or the operation's not-found error. */
export function found<T>(item: T | null | undefined, code: ConstructorParameters<typeof ApiException>[0], message: string): T {
  if (item === null || item === undefined) throw new ApiException(code, message);
  return item;
}

/** An admin list's answer: its page, or (format=csv) the download named after the list and today's date. */
export function listAnswer<V>(
  name: string,
  answer: { kind: 'page'; page: { dataList: V[]; totalCount: number } } | { kind: 'csv'; csv: string },
) {
  if (answer.kind === 'page') return answer.page;
  return new FileAnswer(answer.csv, 'text/csv; charset=utf-8', `${name}-${new Date().toISOString().slice(0, 10)}.csv`);
}
