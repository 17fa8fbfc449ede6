import type { Collection, Doc, DocumentStore } from '../ports/documents';
import { IndexSet } from './indexes';
import { MemoryCollection } from './memory-collection';
import { cloneValue } from './values';
import { insertDoc, type CollectionState } from './writes';

/** The embedded read-model store, plus whole-store snapshots for projection boot. */
export interface MemoryDocumentStore extends DocumentStore {
  /** Deep copy of every collection's documents (natural order), ready for JSON.stringify. */
  exportAll(): Record<string, Doc[]>;
  /**
   * Replaces the documents of each named collection with the given ones (other collections are untouched).
   * Index definitions of those collections are kept and rebuilt; a unique violation throws DuplicateKeyError.
   */
  importAll(snapshot: Record<string, Doc[]>): void;
}

export function createMemoryDocumentStore(): MemoryDocumentStore {
  const states = new Map<string, CollectionState>();
  const handles = new Map<string, MemoryCollection>();

  function stateOf(name: string): CollectionState {
    let state = states.get(name);
    if (!state) {
      state = { name, docs: new Map(), seq: new Map(), indexes: new IndexSet(name), nextSeq: 0 };
      states.set(name, state);
    }
    return state;
  }

  /**
   * For $lookup and friends: copies of a collection's documents. They end up in the aggregation's answer, and a stored
   * list may later grow in place (fast-update.ts), so no stored document may leave the store.
   */
  const resolve = (name: string): Doc[] => [...stateOf(name).docs.values()].map(cloneValue);

  /** Empties a collection in place so handles obtained earlier keep working, as MongoDB collection handles do. */
  function reset(state: CollectionState): void {
    state.docs.clear();
    state.seq.clear();
    state.indexes.clear();
  }

  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      let handle = handles.get(name);
      if (!handle) {
        handle = new MemoryCollection(stateOf(name), resolve);
        handles.set(name, handle);
      }
      return handle as unknown as Collection<T>;
    },

    async dropCollection(name: string): Promise<void> {
      const state = states.get(name);
      if (state) reset(state); // dropping removes the indexes too, as in MongoDB
    },

    async close(): Promise<void> {
      // Nothing to release; documents stay readable for whoever still holds the store.
    },

    exportAll(): Record<string, Doc[]> {
      const out: Record<string, Doc[]> = {};
      for (const [name, state] of states) out[name] = [...state.docs.values()].map(cloneValue);
      return out;
    },

    importAll(snapshot: Record<string, Doc[]>): void {
      for (const [name, docs] of Object.entries(snapshot)) {
        const state = stateOf(name);
        const definitions = [...state.indexes.definitions];
        reset(state);
        // Load without indexes, then build each index once over the whole set.
        for (const doc of docs) insertDoc(state, cloneValue(doc));
        for (const definition of definitions) state.indexes.create(definition, state.docs);
      }
    },
  };
}
