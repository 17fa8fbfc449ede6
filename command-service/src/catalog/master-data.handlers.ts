import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { catalogStreams, type CommandResult } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import type { CommandContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
import type { ItemCommand } from '../shared/item.decider';
import { runDecider, type RunOptions } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';
import type { MissingRef, UsedBy } from '../shared/usage';
import { masterDataDecider, type MasterDataData } from './catalog.deciders';
import { masterDataStates } from './master-data-states';
import { LinkMasterDataUsageCommand, UnlinkMasterDataUsageCommand } from './catalog.commands';
import { claimItemNames, releaseItemNames, type NamedItem } from './item-names';

const stream = catalogStreams.masterData;
const PARENT_MISSING = {
  code: 'catalog.parent_not_found',
  path: 'parentId',
  message: 'A car type belongs to an existing car brand',
} as const;

/** Master data with the links to its brand (car types): link before the type exists, unlink after it is gone. */
class MasterData {
  constructor(private readonly store: EventStore) {}

  load(itemId: string) {
    return masterDataStates(this.store)
      .load(stream(itemId))
      .then((s) => s.state);
  }

  async requireBrand(brandId: string | undefined): Promise<string> {
    const brand = brandId ? await this.load(brandId) : null;
    if (!brandId || !brand?.data || brand.deleted || brand.data.kind !== 'carBrand') {
      throw new DomainError(PARENT_MISSING.code, PARENT_MISSING.message, [{ path: 'parentId', code: 'not_found' }]);
    }
    return brandId;
  }

  /** A command on an item's stream, decided on its kept state. */
  decide(
    itemId: string,
    command: ItemCommand<MasterDataData>,
    context: CommandContext,
    options: Pick<RunOptions, 'expectedRevision'> = {},
  ) {
    return runDecider(this.store, stream(itemId), masterDataDecider, command, context, {
      ...options,
      states: masterDataStates(this.store),
    });
  }

  link(itemId: string, usedBy: UsedBy, context: CommandContext, missing: MissingRef = PARENT_MISSING) {
    return this.decide(itemId, { kind: 'link', usedBy, missing }, context);
  }

  unlink(itemId: string, usedById: string, context: CommandContext) {
    return this.decide(itemId, { kind: 'unlink', usedById }, context);
  }

  claimNames(item: NamedItem, context: CommandContext) {
    return claimItemNames(this.store, item, context);
  }

  releaseNames(item: Pick<NamedItem, 'itemId' | 'kind' | 'parentId'>, context: CommandContext) {
    return releaseItemNames(this.store, item, context);
  }
}

const typeUse = (item: Pick<MasterDataData, 'itemId' | 'name' | 'nameTranslation'>): UsedBy => ({
  id: item.itemId,
  kind: 'carType',
  name: item.name,
  nameAr: item.nameTranslation,
});

@HandlesCommand('masterdata.create')
export class CreateMasterDataItemHandler implements OperationHandler<'masterdata.create'> {
  private readonly items: MasterData;
  constructor(@Inject(EVENT_STORE) store: EventStore) {
    this.items = new MasterData(store);
  }

  async execute({ payload, context }: OperationCommand<'masterdata.create'>) {
    const { parentId, ...rest } = payload;
    const data: MasterDataData = payload.kind === 'carType' ? { ...rest, parentId: await this.items.requireBrand(parentId) } : rest;
    const existing = await this.items.load(data.itemId);
    if (existing.data) return this.items.decide(data.itemId, { kind: 'create', data }, context); // a retry, or item_exists
    await this.items.claimNames(data, context);
    try {
      if (data.parentId) await this.items.link(data.parentId, typeUse(data), context);
    } catch (error) {
      await this.items.releaseNames(data, context);
      throw error;
    }
    try {
      return await this.items.decide(data.itemId, { kind: 'create', data }, context);
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'catalog.item_exists')) {
        if (data.parentId) await this.items.unlink(data.parentId, data.itemId, context);
        await this.items.releaseNames(data, context);
      }
      throw error;
    }
  }
}

@HandlesCommand('masterdata.update')
export class UpdateMasterDataItemHandler implements OperationHandler<'masterdata.update'> {
  private readonly items: MasterData;
  constructor(@Inject(EVENT_STORE) store: EventStore) {
    this.items = new MasterData(store);
  }

  async execute({ payload, context }: OperationCommand<'masterdata.update'>) {
    const { expectedRevision, parentId, ...fields } = payload;
    const current = await this.items.load(fields.itemId);
    if (!current.data || current.deleted)
      throw new DomainError('catalog.item_not_found', 'No such item', [{ path: 'itemId', code: 'not_found' }]);
    const isType = current.data.kind === 'carType';
    const data: typeof fields & { parentId?: string } = isType ? { ...fields, parentId: await this.items.requireBrand(parentId) } : fields;
    const oldParent = current.data.parentId;
    const moved = isType && oldParent !== data.parentId;
    const before = current.data;
    const after = { ...data, kind: before.kind };
    // the names first: a taken name refuses the edit before anything moved (a rename within the scope replaces them)
    await this.items.claimNames(after, context);
    // an edit that fails gives the names back (a lost race for the old name leaves the new one held until the next edit)
    const undoNames = () =>
      (moved ? this.items.releaseNames(after, context) : this.items.claimNames(before, context)).catch(() => undefined);
    try {
      if (moved) await this.items.link(data.parentId!, typeUse(data), context);
    } catch (error) {
      await undoNames();
      throw error;
    }
    let result: CommandResult;
    try {
      result = await this.items.decide(fields.itemId, { kind: 'update', data }, context, { expectedRevision });
    } catch (error) {
      if (moved) await this.items.unlink(data.parentId!, data.itemId, context);
      await undoNames();
      throw error;
    }
    if (moved) await this.items.releaseNames(before, context);
    if (moved && oldParent) await this.items.unlink(oldParent, data.itemId, context);
    else if (isType) await this.items.link(data.parentId!, typeUse(data), context); // keeps the name the brand's in-use message shows
    return result;
  }
}

@HandlesCommand('masterdata.delete')
export class DeleteMasterDataItemHandler implements OperationHandler<'masterdata.delete'> {
  private readonly items: MasterData;
  constructor(@Inject(EVENT_STORE) store: EventStore) {
    this.items = new MasterData(store);
  }

  async execute({ payload, context }: OperationCommand<'masterdata.delete'>) {
    const current = await this.items.load(payload.id);
    const result = await this.items.decide(payload.id, { kind: 'delete' }, context, { expectedRevision: payload.expectedRevision });
    // After the type is gone its brand is free again; a crash in between leaves a link a retried delete removes.
    if (current.data?.parentId) await this.items.unlink(current.data.parentId, payload.id, context);
    if (current.data) await this.items.releaseNames(current.data, context); // the name is free for a new item
    return result;
  }
}

@CommandHandler(LinkMasterDataUsageCommand)
export class LinkMasterDataUsageHandler implements ICommandHandler<LinkMasterDataUsageCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  execute({ payload, context }: LinkMasterDataUsageCommand) {
    const missing = { code: 'catalog.item_not_found', path: 'itemId', message: `No item ${payload.itemId}` } as const;
    return new MasterData(this.store).link(payload.itemId, payload.usedBy, context, missing);
  }
}

@CommandHandler(UnlinkMasterDataUsageCommand)
export class UnlinkMasterDataUsageHandler implements ICommandHandler<UnlinkMasterDataUsageCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  execute({ payload, context }: UnlinkMasterDataUsageCommand) {
    return new MasterData(this.store).unlink(payload.itemId, payload.usedById, context);
  }
}
