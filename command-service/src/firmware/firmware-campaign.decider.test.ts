import { describe, expect, it } from 'vitest';
import type { FirmwareCampaignEvent } from '@evc/contracts';
import { fold } from '../shared/decider';
import { DeciderSpecification } from '../shared/decider-specification';
import {
  firmwareCampaignDecider as decider,
  requestIdOf,
  type ChargerNow,
  type FirmwareCampaignCommand,
} from './firmware-campaign.decider';

const campaignId = '6d0c7f6e-0000-4000-8000-000000000001';
const firmware = { firmwareId: 'f'.repeat(64), version: '2.0.0', fileName: 'fw-2.0.0.bin', size: 1024, checksum: 'sha256:ab' };
const t = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 8, minutes)).toISOString();
const ids = Array.from({ length: 20 }, (_, i) => `CP-${String(i + 1).padStart(2, '0')}`);
const start: FirmwareCampaignCommand = {
  kind: 'start',
  campaignId,
  firmware,
  chargerIds: ids,
  firstWavePercent: 10,
  updateTimeoutMs: 30 * 60_000,
  at: t(0),
};
const idle: ChargerNow = { online: true, charging: false };
const tick = (minutes: number, chargers: Record<string, ChargerNow>): FirmwareCampaignCommand => ({
  kind: 'tick',
  at: t(minutes),
  chargers,
  commandIds: Object.fromEntries(Object.keys(chargers).map((id) => [id, `cmd-${id}-${minutes}`])),
});
const all = (ids: string[], now: ChargerNow = idle) => Object.fromEntries(ids.map((id) => [id, now]));
const report = (chargerId: string, reportedStatus: string, minutes: number, requestId: number | null = null): FirmwareCampaignCommand => {
  const status = ({ Downloading: 'downloading', Downloaded: 'downloaded', Installing: 'installing', Installed: 'installed' } as const)[
    reportedStatus as 'Downloading'
  ];
  return { kind: 'status', chargerId, status: status ?? 'download-failed', reportedStatus, requestId, at: t(minutes) };
};
const boot = (chargerId: string, firmwareVersion: string, minutes: number): FirmwareCampaignCommand => ({
  kind: 'booted',
  chargerId,
  firmwareVersion,
  at: t(minutes),
});
/** The whole update of one charger, as a charger reports it. */
const updates = (chargerId: string, minutes: number) => [
  report(chargerId, 'Downloading', minutes),
  report(chargerId, 'Downloaded', minutes),
  report(chargerId, 'Installing', minutes),
  boot(chargerId, '2.0.0', minutes + 1),
  report(chargerId, 'Installed', minutes + 1),
];
const history = (...commands: FirmwareCampaignCommand[]) =>
  DeciderSpecification.for(decider)
    .given([])
    .when(start, ...commands)
    .events();
const stateAfter = (events: FirmwareCampaignEvent[]) => fold(decider, events);

describe('firmware campaign decider', () => {
  it('starts with the first wave a percentage of the chargers (at least one), the rest second; the same start again is nothing', () => {
    const events = history();
    expect(events.map((e) => e.type)).toEqual(['FirmwareCampaignStarted', 'FirmwareWaveStarted']);
    expect(stateAfter(events).waves.map((w) => w.length)).toEqual([2, 18]);
    DeciderSpecification.for(decider).given(events).when(start).thenNothingHappened();
    DeciderSpecification.for(decider)
      .given(events)
      .when({ ...start, firstWavePercent: 50 })
      .thenThrows('request.duplicate_id');
  });

  it('asks only the current wave, and the next wave only when every charger of the first reported Installed and booted with the new version', () => {
    const first = ids.slice(0, 2);
    const events = history(tick(1, all(ids)));
    const requested = events.filter((e) => e.type === 'FirmwareUpdateRequested').map((e) => e.data.chargerId);
    expect(requested).toEqual(first);
    // One charger done, the other only Installed (no boot yet): the second wave waits.
    const half = history(tick(1, all(ids)), ...updates('CP-01', 2), report('CP-02', 'Installed', 3), tick(4, all(ids)));
    expect(half.filter((e) => e.type === 'FirmwareWaveStarted')).toHaveLength(1);
    expect(half.filter((e) => e.type === 'FirmwareUpdateRequested')).toHaveLength(2);
    // Its boot with the new version completes the wave; the next tick asks the second wave.
    const done = history(
      tick(1, all(ids)),
      ...updates('CP-01', 2),
      report('CP-02', 'Installed', 3),
      boot('CP-02', '2.0.0', 4),
      tick(5, all(ids)),
    );
    expect(done.filter((e) => e.type === 'FirmwareWaveCompleted')).toHaveLength(1);
    expect(done.filter((e) => e.type === 'FirmwareWaveStarted').map((e) => e.data.wave)).toEqual([0, 1]);
    expect(done.filter((e) => e.type === 'FirmwareUpdateRequested')).toHaveLength(20);
  });

  it('never updates a charger that is charging: it waits in its wave and is asked once idle', () => {
    const busy = { ...all(ids), 'CP-01': { online: true, charging: true } };
    const events = history(tick(1, busy), tick(2, busy), tick(3, busy));
    expect(events.filter((e) => e.type === 'FirmwareUpdateRequested').map((e) => e.data.chargerId)).toEqual(['CP-02']);
    expect(events.filter((e) => e.type === 'FirmwareUpdateWaiting')).toEqual([
      { type: 'FirmwareUpdateWaiting', data: { campaignId, chargerId: 'CP-01', because: 'charging', at: t(1) } },
    ]);
    const later = history(tick(1, busy), tick(2, all(ids)));
    expect(later.filter((e) => e.type === 'FirmwareUpdateRequested').map((e) => e.data.chargerId)).toEqual(['CP-02', 'CP-01']);
    expect(stateAfter(later).chargers['CP-01']!.state).toBe('requested');
  });

  it('a failed wave stops the campaign: the next wave is never asked, and staff see which charger and why', () => {
    const events = history(
      tick(1, all(ids)),
      ...updates('CP-01', 2),
      report('CP-02', 'DownloadFailed', 3),
      tick(4, all(ids)),
      tick(5, all(ids)),
    );
    expect(events.filter((e) => e.type === 'FirmwareWaveStarted')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'FirmwareUpdateRequested')).toHaveLength(2);
    expect(events.find((e) => e.type === 'FirmwareCampaignStopped')?.data).toMatchObject({
      wave: 0,
      chargerId: 'CP-02',
      cause: 'download-failed',
      detail: 'DownloadFailed',
    });
    expect(stateAfter(events).status).toBe('stopped');
  });

  it('an update that takes too long fails its wave; a refused command too; an offline one is asked again', () => {
    const slow = history(tick(1, all(ids)), ...updates('CP-01', 2), report('CP-02', 'Downloading', 3), tick(40, all(ids)));
    expect(slow.find((e) => e.type === 'FirmwareCampaignStopped')?.data).toMatchObject({ chargerId: 'CP-02', cause: 'timeout' });
    const refused = history(tick(1, all(ids)), {
      kind: 'command-outcome',
      chargerId: 'CP-01',
      commandId: 'cmd-CP-01-1',
      status: 'rejected',
      error: null,
      at: t(1),
    });
    expect(refused.find((e) => e.type === 'FirmwareCampaignStopped')?.data).toMatchObject({ chargerId: 'CP-01', cause: 'command-refused' });
    const offline = history(
      tick(1, all(ids)),
      { kind: 'command-outcome', chargerId: 'CP-01', commandId: 'cmd-CP-01-1', status: 'offline', error: null, at: t(1) },
      tick(2, all(ids)),
    );
    expect(offline.filter((e) => e.type === 'FirmwareUpdateRequested').map((e) => e.data.commandId)).toEqual([
      'cmd-CP-01-1',
      'cmd-CP-02-1',
      'cmd-CP-01-2',
    ]);
    expect(stateAfter(offline).status).toBe('running');
  });

  it('a status is recorded once, a report about another request is ignored, and a boot with the old version after Installed fails', () => {
    const events = history(
      tick(1, all(ids)),
      report('CP-01', 'Downloading', 2),
      report('CP-01', 'Downloading', 2),
      report('CP-01', 'Installed', 2, 12345),
      report('CP-01', 'Installed', 3, requestIdOf(campaignId, 'CP-01')),
      boot('CP-01', '1.0.0', 4),
    );
    expect(events.filter((e) => e.type === 'FirmwareStatusChanged').map((e) => e.data.reportedStatus)).toEqual([
      'Downloading',
      'Installed',
    ]);
    expect(events.find((e) => e.type === 'FirmwareCampaignStopped')?.data).toMatchObject({ cause: 'wrong-version', detail: '1.0.0' });
  });

  it('a report from a charger not asked yet changes nothing', () => {
    DeciderSpecification.for(decider)
      .given(history())
      .when(report('CP-20', 'Installed', 1), boot('CP-20', '2.0.0', 1))
      .thenNothingHappened();
  });
});
