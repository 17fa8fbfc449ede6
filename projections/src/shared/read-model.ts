import type { Collection, Doc, DocumentStore } from '@evc/platform';

/** A read model's collection name and the type of its documents, declared once beside the projection that writes it. */
export interface ReadModel<T extends Doc> {
  readonly name: string;
  /** The collection in this store, typed with the read model's documents. */
  in(documents: DocumentStore): Collection<T>;
}

export const readModel = <T extends Doc>(name: string): ReadModel<T> => ({ name, in: (documents) => documents.collection<T>(name) });
