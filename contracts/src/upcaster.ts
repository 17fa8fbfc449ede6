import type { EventType } from './events';

/** Turns the payload of `type` at `fromVersion` into its shape at `fromVersion + 1`. Pure. */
export interface Upcaster {
  type: EventType;
  fromVersion: number;
  upcast(data: unknown): unknown;
}
