import type { IdTokenBlocked, IdTokenUnblocked } from '@evc/contracts';
import { idTokenDecider, type IdTokenState, type IdTokenStreamEvent } from '../charging/index';
import type { Decider } from '../shared/decider';

export type TokenStatusCommand = { kind: 'block' | 'unblock'; idTag: string; at: string };

/**
 * Blocks and unblocks a card's id token (`id-token-<tag>`, the stream the charging context authorizes from): the
 * same stream and fold as the charging context's decider, with the two commands only the cards context gives.
 */
export const tokenStatusDecider: Decider<TokenStatusCommand, IdTokenStreamEvent, IdTokenState> = {
  initialState: idTokenDecider.initialState,
  evolve: idTokenDecider.evolve,
  decide({ kind, idTag, at }, state): (IdTokenBlocked | IdTokenUnblocked)[] {
    if (!state.owner) return [];
    if (kind === 'block') return state.blocked ? [] : [{ type: 'IdTokenBlocked', data: { idTag, at } }];
    return state.blocked ? [{ type: 'IdTokenUnblocked', data: { idTag, at } }] : [];
  },
};
