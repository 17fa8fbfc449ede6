import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { EventSearchQuery } from '@evc/contracts/audit';
import { api } from '../../../lib/api';

/** The explorer's criteria as they sit in the URL (everything but the cursors). */
export type EventCriteria = Omit<Partial<EventSearchQuery>, 'before' | 'after' | 'pageSize'>;
export const EVENTS_PAGE_SIZE = 50;

/**
 * Query keys: the log is not a read model, so explorer queries live under `events` (no SSE refreshes them: the live
 * tail asks for what is new).
 */
export const eventKeys = {
  search: (criteria: EventCriteria) => ['events', 'search', criteria] as const,
  tail: (criteria: EventCriteria, after: number) => ['events', 'tail', criteria, after] as const,
  event: (position: number) => ['events', 'event', position] as const,
  chain: (position: number) => ['events', 'chain', position] as const,
};

/** Newest first; each further page continues below the last event read (`next`), so pages hold under live appends. */
export const useEventSearch = (criteria: EventCriteria, enabled = true) =>
  useInfiniteQuery({
    queryKey: eventKeys.search(criteria),
    enabled,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.query('events.search', { ...criteria, pageSize: EVENTS_PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) }, { signal }),
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** The live tail: what matches and is newer than `after`, asked again every 2 s while on. */
export const useEventTail = (criteria: EventCriteria, after: number, on: boolean) =>
  useQuery({
    queryKey: eventKeys.tail(criteria, after),
    enabled: on,
    refetchInterval: on ? 2000 : false,
    queryFn: ({ signal }) => api.query('events.search', { ...criteria, pageSize: 200, after }, { signal }),
  });

export const useEvent = (position: number) =>
  useQuery({ queryKey: eventKeys.event(position), queryFn: ({ signal }) => api.query('events.get', { position }, { signal }) });
export const useChain = (position: number) =>
  useQuery({ queryKey: eventKeys.chain(position), queryFn: ({ signal }) => api.query('events.chain', { position }, { signal }) });

export const TIMELINE_PAGE_SIZE = 100;

/** A charger's Cairo day, oldest first; each further page continues after the last event read (`next`). */
export const useChargerDay = (chargerId: string, date: string) =>
  useInfiniteQuery({
    queryKey: ['events', 'charger-day', chargerId, date] as const,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.query(
        'chargers.timeline',
        { chargerId, date, pageSize: TIMELINE_PAGE_SIZE, ...(pageParam !== undefined ? { after: pageParam } : {}) },
        { signal },
      ),
    getNextPageParam: (last) => last.next ?? undefined,
  });
