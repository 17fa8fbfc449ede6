import { describe, expect, it } from 'vitest';
import { firmwareStreams, networkStreams } from '@evc/contracts';
import { systemClock } from '@evc/platform';
import { chargerLiveDecider } from '../chargers-live/index';
import { newContext } from '../shared/command-context';
import { decideAndAppend } from '../shared/decide-and-append';
import { tempEventStore } from '../shared/temp-event-store';
import { firmwareCampaignDecider } from './firmware-campaign.decider';
import { FirmwareCampaigns } from './firmware-campaigns';
import { FirmwareLinks } from './firmware-links';
import type { SendFirmwareChargerCommand } from './firmware.commands';

const campaignId = '6d0c7f6e-0000-4000-8000-0000000000aa';
const at = new Date().toISOString();
const context = () => newContext({ type: 'system', id: 'test' });

describe('firmware campaigns process manager', () => {
  const store = tempEventStore('evc-firmware-');

  it('twenty ticks at once, from two processes, ask each idle charger of the wave once and never the one charging', async () => {
    const chargers = ['CP-01', 'CP-02', 'CP-03', 'CP-04'];
    for (const chargerId of chargers) {
      const stream = networkStreams.chargerLive(chargerId);
      await decideAndAppend(
        store(),
        stream,
        chargerLiveDecider,
        { kind: 'connected', chargerId, connectionId: `c-${chargerId}`, protocol: 'ocpp1.6', at },
        context(),
      );
    }
    // CP-02 has a car charging on its connector.
    await decideAndAppend(
      store(),
      networkStreams.chargerLive('CP-02'),
      chargerLiveDecider,
      {
        kind: 'status',
        data: {
          chargerId: 'CP-02',
          connectionId: 'c-CP-02',
          messageId: 'm1',
          connectorId: 1,
          status: 'charging',
          ocppStatus: 'Charging',
          error: null,
          at,
        },
      },
      context(),
    );
    const firmware = { firmwareId: 'f'.repeat(64), version: '2.0.0', fileName: 'fw.bin', size: 1, checksum: 'sha256:00' };
    await decideAndAppend(
      store(),
      firmwareStreams.campaign(campaignId),
      firmwareCampaignDecider,
      { kind: 'start', campaignId, firmware, chargerIds: chargers, firstWavePercent: 50, updateTimeoutMs: 3_600_000, at },
      context(),
    );
    const sent: SendFirmwareChargerCommand['payload'][] = [];
    const commandBus = { execute: (c: SendFirmwareChargerCommand) => Promise.resolve(void sent.push(c.payload)) } as never;
    const links = new FirmwareLinks({ secret: 'k', baseUrl: 'http://127.0.0.1' });
    const processes = [0, 1].map(() => new FirmwareCampaigns(store(), systemClock, commandBus, links));
    await Promise.all(Array.from({ length: 20 }, (_, i) => processes[i % 2]!.started(campaignId)));

    expect(sent.map((p) => p.chargerId)).toEqual(['CP-01']);
    expect(sent[0]).toMatchObject({
      action: 'UpdateFirmware',
      location: expect.stringMatching(/^http:\/\/127\.0\.0\.1\/firmware\/f{64}\//),
    });
    const events = await store().readStream(firmwareStreams.campaign(campaignId));
    expect(events.filter((e) => e.type === 'FirmwareUpdateRequested').map((e) => (e.data as { chargerId: string }).chargerId)).toEqual([
      'CP-01',
    ]);
    expect(events.filter((e) => e.type === 'FirmwareUpdateWaiting').map((e) => (e.data as { chargerId: string }).chargerId)).toEqual([
      'CP-02',
    ]);
  });
});
