import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { BUS_TOPICS, inboundChargerMessageSchema, type OutboundOcppResult } from '@evc/contracts';
import type { Bus, Clock, Consumer, EventStore } from '@evc/platform';
import { CHARGING_SESSIONS, type ChargingSessions } from '../charging/index';
import type { ContextParts } from '../shared/context-parts';
import { ContextConsumers } from '../shared/consumers';
import { BUS, CLOCK, EVENT_STORE } from '../shared/tokens';
import { CardLife } from './card-life';
import {
  CancelCardRequestHandler,
  CardRequestNeedsActionHandler,
  RejectCardRequestHandler,
  ResumeCardRequestHandler,
  ShipCardRequestHandler,
  StartCardRequestHandler,
} from './card-request-steps';
import { ActivateCardHandler, DeactivateCardHandler, DeactivateOwnCardHandler } from './cards.handlers';
import { CARD_LIFE, LINK_THROTTLE, LOCAL_LIST_SYNC } from './cards.tokens';
import { DeliverCardRequestHandler } from './deliver-card-request';
import { LinkCardHandler, SubmitCardRequestHandler } from './file-card-request';
import { LinkThrottle } from './link-throttle';
import { LocalListSync, SendListChargerCommandHandler } from './local-list-sync';

export const LOCAL_LIST_GROUP = 'local-auth-list';

/**
 * The local list sync's consumers: chargers' boots and first words (`ocpp.inbound`, group local-auth-list, shared by
 * the command services) and the outcomes of its list commands (`ocpp.outbound.results`, a group per process: the
 * process that sent a command is the one waiting for its outcome), and its sweep.
 */
@Injectable()
export class CardsConsumers extends ContextConsumers {
  constructor(
    @Inject(BUS) private readonly bus: Bus | null,
    @Inject(LOCAL_LIST_SYNC) private readonly sync: LocalListSync,
  ) {
    super();
  }

  protected start(): Consumer[] {
    const { bus, sync } = this;
    if (!bus) return [];
    sync.start();
    const inbound = bus.subscribe<unknown>(
      { groupId: LOCAL_LIST_GROUP, topics: [BUS_TOPICS.ocppInbound], concurrency: { perKey: true, max: 256 } },
      ({ value }) => {
        const parsed = inboundChargerMessageSchema.safeParse(value);
        return parsed.success ? sync.onInbound(parsed.data) : undefined;
      },
    );
    const results = bus.subscribe<OutboundOcppResult>(
      { groupId: `${LOCAL_LIST_GROUP}-results-${randomUUID().slice(0, 8)}`, topics: [BUS_TOPICS.ocppOutboundResults] },
      ({ value }) => sync.onResult(value),
    );
    const sweep: Consumer = { ready: Promise.resolve(), stop: async () => sync.stop() };
    return [inbound, results, sweep];
  }
}

/** Charging cards: requests and their workflow, the cards (id tokens), and chargers' local lists. */
export const cardsContext: ContextParts = {
  handlers: [
    SubmitCardRequestHandler,
    LinkCardHandler,
    CancelCardRequestHandler,
    StartCardRequestHandler,
    ShipCardRequestHandler,
    ResumeCardRequestHandler,
    CardRequestNeedsActionHandler,
    RejectCardRequestHandler,
    DeliverCardRequestHandler,
    DeactivateOwnCardHandler,
    DeactivateCardHandler,
    ActivateCardHandler,
    SendListChargerCommandHandler,
  ],
  providers: [
    {
      provide: LOCAL_LIST_SYNC,
      useFactory: (store: EventStore, commandBus: CommandBus) => new LocalListSync(store, commandBus),
      inject: [EVENT_STORE, CommandBus],
    },
    {
      provide: CARD_LIFE,
      useFactory: (store: EventStore, clock: Clock, bus: Bus | null, sessions: ChargingSessions, sync: LocalListSync) =>
        new CardLife(store, clock, bus, sessions, () => sync.changed()),
      inject: [EVENT_STORE, CLOCK, BUS, CHARGING_SESSIONS, LOCAL_LIST_SYNC],
    },
    { provide: LINK_THROTTLE, useFactory: () => new LinkThrottle() },
    CardsConsumers,
  ],
};
