/**
 * Turns the payload of `type` at `fromVersion` into its shape at `fromVersion + 1`. Pure. `T` is the event types a
 * context may upcast; the root joins every context's list (`upcasting.ts`).
 */
export interface UpcasterOf<T extends string> {
  type: T;
  fromVersion: number;
  upcast(data: unknown): unknown;
}
