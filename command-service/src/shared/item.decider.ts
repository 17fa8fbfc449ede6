import type { ErrorCode } from '@evc/contracts';
import type { Decider, DomainEventOf } from './decider';
import { DomainError } from './domain-error';
import { inUseError, missingRefError, type MissingRef, type Usage, type UsedBy } from './usage';

/** Event type names of one kind of catalog item. */
export interface ItemEventNames {
  created: string;
  updated: string;
  deleted: string;
  linked: string;
  unlinked: string;
}

export type ItemCommand<D> =
  | { kind: 'create'; data: D }
  | { kind: 'update'; data: Partial<D> }
  | { kind: 'delete' }
  /**
   * Another aggregate starts using this item (a car type of a brand, a station of a governorate, a customer's car).
   * `active`: only an active item may be taken into use (decided on the item's stream, so a deactivation cannot slip
   * between a check and the link).
   */
  | { kind: 'link'; usedBy: UsedBy; missing: MissingRef; active?: boolean }
  | { kind: 'unlink'; usedById: string };

export interface ItemState<D> {
  data: D | null;
  deleted: boolean;
  usage: Usage;
}

export type ItemEvent = DomainEventOf<string, Record<string, unknown>>;

export interface ItemDeciderOptions {
  /** The id field of the item's data, e.g. itemId, governorateId. */
  idKey: string;
  events: ItemEventNames;
  existsCode: ErrorCode;
  notFoundCode: ErrorCode;
  /** Field the in-use error names (the UI's id field). */
  inUsePath: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A catalog item staff create, edit, deactivate and delete, and that other aggregates use. Its stream records
 * who uses it (linked / unlinked events appended with the loaded revision), so "in use" is decided on the same
 * stream as delete and deactivate: a child cannot be added to an item being deleted, whatever the timing.
 */
export function itemDecider<D extends { isActive?: boolean }>(o: ItemDeciderOptions): Decider<ItemCommand<D>, ItemEvent, ItemState<D>> {
  const id = (state: ItemState<D>) => (state.data as Record<string, unknown> | null)?.[o.idKey];
  const notFound = () => new DomainError(o.notFoundCode, 'Not found', [{ path: o.inUsePath, code: 'not_found' }]);
  /**
   * A popular car brand's stream holds a link per customer's car: its users are copied once per fold, not once per
   * event (a copy per link makes folding a brand's links quadratic in its cars).
   */
  const evolveAll = (state: ItemState<D>, events: readonly ItemEvent[]): ItemState<D> => {
    let { data, deleted } = state;
    let usage: Usage | null = null;
    for (const { type, data: d } of events) {
      if (type === o.events.created) data = d as unknown as D;
      else if (type === o.events.updated) data = { ...(data as D), ...(d as Partial<D>) };
      else if (type === o.events.deleted) deleted = true;
      else if (type === o.events.linked) {
        const usedBy = d.usedBy as UsedBy;
        (usage ??= { ...state.usage })[usedBy.id] = usedBy;
      } else if (type === o.events.unlinked) delete (usage ??= { ...state.usage })[String(d.usedById)];
    }
    return usage === null && data === state.data && deleted === state.deleted ? state : { data, deleted, usage: usage ?? state.usage };
  };
  return {
    initialState: { data: null, deleted: false, usage: {} },
    evolve: (state, event) => evolveAll(state, [event]),
    evolveAll,
    decide(command, state) {
      const inUse = Object.keys(state.usage).length > 0;
      switch (command.kind) {
        case 'create':
          if (state.data === null) return [{ type: o.events.created, data: command.data as Record<string, unknown> }];
          if (!state.deleted && same(state.data, command.data)) return [];
          throw new DomainError(o.existsCode, 'Already exists', [{ path: o.idKey, code: 'exists' }]);
        case 'update': {
          if (state.data === null || state.deleted) throw notFound();
          const next = { ...state.data, ...command.data };
          if (same(next, state.data)) return [];
          if (command.data.isActive === false && state.data.isActive !== false && inUse)
            throw inUseError(o.inUsePath, state.usage, 'deactivate');
          return [{ type: o.events.updated, data: command.data as Record<string, unknown> }];
        }
        case 'delete':
          if (state.data === null) throw notFound();
          if (state.deleted) return [];
          if (inUse) throw inUseError(o.inUsePath, state.usage, 'delete');
          return [{ type: o.events.deleted, data: { [o.idKey]: id(state) } }];
        case 'link': {
          if (state.data === null || state.deleted) throw missingRefError(command.missing);
          if (command.active && state.data.isActive === false && !state.usage[command.usedBy.id]) throw missingRefError(command.missing);
          if (same(state.usage[command.usedBy.id], command.usedBy)) return [];
          return [{ type: o.events.linked, data: { [o.idKey]: id(state), usedBy: command.usedBy } }];
        }
        case 'unlink':
          if (!state.usage[command.usedById]) return [];
          return [{ type: o.events.unlinked, data: { [o.idKey]: id(state), usedById: command.usedById } }];
      }
    },
  };
}
