import type { EventStore } from '@evc/platform';
import { sharedStreamStates } from '../shared/stream-state-cache';
import { masterDataDecider } from './catalog.deciders';

/** Catalog items kept at most (brands, types and battery ranges: a network has some hundreds). */
const ITEMS_KEPT = 2000;

/**
 * The folded states of the catalog's items, kept between commands and shared by everything in this process that reads
 * or writes them. A popular brand's stream holds a link per customer's car: read whole for each car registered, it
 * grows slower with every car; a load reads only the events after the kept state.
 */
export const masterDataStates = (store: EventStore) => sharedStreamStates(store, masterDataDecider, ITEMS_KEPT);
