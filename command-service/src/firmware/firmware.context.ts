import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { BUS_TOPICS, inboundChargerMessageSchema } from '@evc/contracts';
import type { Bus, Clock, Consumer, EventStore } from '@evc/platform';
import type { ContextParts } from '../shared/context-parts';
import { ContextConsumers } from '../shared/consumers';
import { BUS, CLOCK, EVENT_STORE } from '../shared/tokens';
import { FirmwareCampaigns, type FirmwareCampaignsOptions } from './firmware-campaigns';
import { FirmwareLinks, type FirmwareLinkSettings } from './firmware-links';
import { FirmwareController } from './firmware.controller';
import { RecordFirmwareCommandResultHandler, SendFirmwareChargerCommandHandler, StartFirmwareCampaignHandler } from './firmware.handlers';
import { FIRMWARE_CAMPAIGNS, FIRMWARE_LINKS } from './firmware.tokens';

export const FIRMWARE_GROUP = 'firmware-campaigns';
/** The context's settings, given by the composition: how links are signed, and how often campaigns are ticked. */
export const FIRMWARE_SETTINGS = Symbol('FirmwareSettings');
export interface FirmwareSettings {
  links: FirmwareLinkSettings;
  campaigns?: FirmwareCampaignsOptions;
}

/** Chargers' firmware reports and boots (ocpp.inbound, group firmware-campaigns) and the campaigns' sweep. */
@Injectable()
export class FirmwareConsumers extends ContextConsumers {
  constructor(
    @Inject(BUS) private readonly bus: Bus | null,
    @Inject(FIRMWARE_CAMPAIGNS) private readonly campaigns: FirmwareCampaigns,
  ) {
    super();
  }

  protected start(): Consumer[] {
    const { bus, campaigns } = this;
    if (!bus) return [];
    const ready = campaigns.start();
    const inbound = bus.subscribe<unknown>(
      { groupId: FIRMWARE_GROUP, topics: [BUS_TOPICS.ocppInbound], fromBeginning: false, concurrency: { perKey: true, max: 64 } },
      async ({ value }) => {
        const parsed = inboundChargerMessageSchema.safeParse(value);
        if (!parsed.success) return;
        const type = parsed.data.message.type;
        if (type !== 'FirmwareStatusReported' && type !== 'Booted') return;
        await ready;
        await campaigns.onInbound(parsed.data);
      },
    );
    const sweep: Consumer = { ready, stop: async () => campaigns.stop() };
    return [inbound, sweep];
  }
}

/** Firmware images, their signed links, and the campaigns that install them wave by wave. */
export const firmwareContext: ContextParts = {
  handlers: [StartFirmwareCampaignHandler, SendFirmwareChargerCommandHandler, RecordFirmwareCommandResultHandler],
  controllers: [FirmwareController],
  providers: [
    {
      provide: FIRMWARE_LINKS,
      useFactory: (settings: FirmwareSettings) => new FirmwareLinks({ ...settings.links }),
      inject: [FIRMWARE_SETTINGS],
    },
    {
      provide: FIRMWARE_CAMPAIGNS,
      useFactory: (store: EventStore, clock: Clock, commandBus: CommandBus, links: FirmwareLinks, settings: FirmwareSettings) =>
        new FirmwareCampaigns(store, clock, commandBus, links, settings.campaigns),
      inject: [EVENT_STORE, CLOCK, CommandBus, FIRMWARE_LINKS, FIRMWARE_SETTINGS],
    },
    FirmwareConsumers,
  ],
};
