import { catalogStreams, nameScopes, type CommandResult } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import type { CommandContext } from '../shared/command-context';
import { runDecider } from '../shared/run-decider';
import type { MasterDataData } from './catalog.deciders';
import { nameClaimsDecider } from './name-claims.decider';

export type NamedItem = Pick<MasterDataData, 'itemId' | 'kind' | 'name' | 'nameTranslation' | 'parentId'>;

/** Brands and battery ranges share one scope per kind; car types one per brand. */
const scopeOf = (item: Pick<NamedItem, 'kind' | 'parentId'>) =>
  nameScopes.masterData(item.kind, item.kind === 'carType' ? item.parentId : null);

/** Takes the item's names under its parent (refused when another item has either); a rename replaces them. */
export function claimItemNames(store: EventStore, item: NamedItem, context: CommandContext): Promise<CommandResult> {
  const scope = scopeOf(item);
  return runDecider(
    store,
    catalogStreams.names(scope),
    nameClaimsDecider,
    { kind: 'claim', scope, itemId: item.itemId, name: item.name, nameAr: item.nameTranslation },
    context,
  );
}

/** The item is gone or moved to another parent: its names are free there. */
export function releaseItemNames(
  store: EventStore,
  item: Pick<NamedItem, 'itemId' | 'kind' | 'parentId'>,
  context: CommandContext,
): Promise<CommandResult> {
  const scope = scopeOf(item);
  return runDecider(store, catalogStreams.names(scope), nameClaimsDecider, { kind: 'release', scope, itemId: item.itemId }, context);
}
