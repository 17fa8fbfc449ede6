import type { DocumentStore } from '@evc/platform';
import { ACCOUNTS, fullName } from '@evc/projections';

/** Display names of accounts (staff and customers) from the identity read model: "First Last". */
export class ActorNames {
  constructor(private readonly documents: DocumentStore) {}

  async of(ids: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const docs = await ACCOUNTS.in(this.documents)
      .find({ _id: { $in: unique } }, { projection: { firstName: 1, lastName: 1 } })
      .toArray();
    return new Map(docs.map((d) => [d._id, fullName(d)]));
  }
}
