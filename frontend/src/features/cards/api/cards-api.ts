// i18n-catalog: app — used only by the customer area's screens and panels.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommandId } from '@evc/contracts/operations';
import { api, type InputOf } from '../../../lib/api';

/**
 * Query keys of the customer's card requests and cards: each starts with its read model's collection, so a change
 * on `/api/live/me` (`card_requests`, `cards`) refreshes them.
 */
export const cardsKeys = {
  requests: ['card_requests'] as const,
  cards: ['cards'] as const,
};

/** The last command position: the next reads wait for it (read your own write). */
let lastPosition: number | undefined;

export const useMyCardRequests = () =>
  useQuery({
    queryKey: [...cardsKeys.requests, 'mine'],
    queryFn: ({ signal }) => api.query('me.card-requests', { pageSize: 50 }, { signal, position: lastPosition }),
  });

/** The active governorates to deliver to (the public list; same key root as every governorates query). */
export const useGovernorates = () =>
  useQuery({
    queryKey: ['governorates', 'card-request'],
    queryFn: ({ signal }) => api.query('governorates.list', {}, { signal }),
    staleTime: 5 * 60_000,
  });

export const useMyCards = () =>
  useQuery({
    queryKey: [...cardsKeys.cards, 'mine'],
    queryFn: ({ signal }) => api.query('me.charging-cards', { pageSize: 50 }, { signal, position: lastPosition }),
  });

/** A card command; once recorded, the requests and cards are read again at its position. */
function useCardsCommand<Id extends CommandId>(id: Id) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InputOf<Id>) => api.command(id, body),
    onSuccess: (result) => {
      const position = (result as { position?: unknown } | undefined)?.position;
      if (typeof position === 'number') lastPosition = Math.max(lastPosition ?? 0, position);
      return Promise.all([
        client.invalidateQueries({ queryKey: cardsKeys.requests }),
        client.invalidateQueries({ queryKey: cardsKeys.cards }),
      ]);
    },
  });
}

export const useRequestCard = () => useCardsCommand('card-requests.submit');
export const useLinkCard = () => useCardsCommand('card-requests.link');
export const useCancelCardRequest = () => useCardsCommand('card-requests.cancel');
export const useDeactivateOwnCard = () => useCardsCommand('cards.deactivate-own');
