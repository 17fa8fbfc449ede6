/**
 * An immutable list that only grows, whose versions share one array. `with(item)` appends to the shared array when
 * this version is its newest (a state folded forward, the usual case) and copies its own items otherwise (an older
 * state folded again, say after a lost race): each version sees exactly the items it was made with. A state that
 * keeps hundreds of items (a session's reading times) then costs one push per event, not a copy of the whole list
 * that the collector has to promote and then free.
 */
export class GrowOnlyList<T> {
  private static readonly EMPTY = new GrowOnlyList<never>([], 0);

  static empty<T>(): GrowOnlyList<T> {
    return GrowOnlyList.EMPTY;
  }

  private constructor(
    private readonly items: T[],
    readonly length: number,
  ) {}

  with(item: T): GrowOnlyList<T> {
    // The empty list is shared by every stream's initial state. Its first item starts an array of its own: appended to
    // the shared empty array, one stream's items would stay reachable from here for the life of the process.
    if (this.length === 0) return new GrowOnlyList([item], 1);
    const items = this.items.length === this.length ? this.items : this.items.slice(0, this.length);
    items.push(item);
    return new GrowOnlyList(items, this.length + 1);
  }

  includes(item: T): boolean {
    for (let i = this.length - 1; i >= 0; i--) if (this.items[i] === item) return true;
    return false;
  }

  toArray(): T[] {
    return this.items.slice(0, this.length);
  }
}
