import { operations, type OperationSpec } from '@evc/contracts';
import type { Answer, AnsweredQueryId, QueryAnswers } from '../shared/answers';

export interface QueryRoute {
  id: AnsweredQueryId;
  spec: OperationSpec;
  answer: Answer<AnsweredQueryId>;
  /** The path's segments; `:name` ones are parameters. */
  segments: string[];
}

export interface QueryMatch {
  route: QueryRoute;
  params: Record<string, string>;
}

/** The query routes, matched by path: one table built from the operations index and the contexts' answers. */
export class QueryTable {
  private readonly routes: QueryRoute[];

  constructor(contexts: QueryAnswers[]) {
    const answerOf = new Map<string, Answer<AnsweredQueryId>>();
    for (const context of contexts) {
      for (const [id, answer] of Object.entries(context.answers)) {
        if (answerOf.has(id)) throw new Error(`Query ${id} is answered twice`);
        answerOf.set(id, answer as Answer<AnsweredQueryId>);
      }
    }
    this.routes = Object.values(operations as Record<string, OperationSpec>)
      .filter((spec) => spec.kind === 'query' && !spec.dedicated && answerOf.has(spec.id))
      .map((spec) => ({ id: spec.id as AnsweredQueryId, spec, answer: answerOf.get(spec.id)!, segments: spec.path.split('/') }))
      // A literal segment wins over a parameter at the same place (/stations/nearby before /stations/:stationId).
      .sort((a, b) => rank(a.segments).localeCompare(rank(b.segments)));
  }

  /** The ids served, for the test that holds the index and the routes together. */
  get ids(): string[] {
    return this.routes.map((r) => r.id);
  }

  match(path: string): QueryMatch | null {
    const segments = path.split('/');
    for (const route of this.routes) {
      if (route.segments.length !== segments.length) continue;
      const params: Record<string, string> = {};
      const ok = route.segments.every((expected, i) => {
        const actual = segments[i]!;
        if (!expected.startsWith(':')) return expected === actual;
        if (actual === '') return false;
        try {
          params[expected.slice(1)] = decodeURIComponent(actual);
        } catch {
          return false;
        }
        return true;
      });
      if (ok) return { route, params };
    }
    return null;
  }
}

const rank = (segments: string[]) => segments.map((s) => (s.startsWith(':') ? '1' : '0')).join('');
