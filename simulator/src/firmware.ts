import { createHash } from 'node:crypto';

type Params = Record<string, unknown>;
type On = (method: string, answer: (params: Params) => Record<string, unknown>) => void;
type Send = (action: string, payload: Record<string, unknown>) => Promise<unknown>;

/** The version a simulated charger runs until it installs another. */
export const SIMULATOR_FIRMWARE_VERSION = 'sim-1.0.0';
/** A simulated firmware image starts with this line and names its version: `SIMFW <version>\n`, then anything. */
export const simulatedFirmwareImage = (version: string, filler = 4096): Buffer =>
  Buffer.concat([Buffer.from(`SIMFW ${version}\n`), Buffer.alloc(filler, 0x5a)]);

export interface FirmwareOptions {
  /** Time between two status reports (ms). */
  stepMs?: number;
  /** Fail on purpose: the download (DownloadFailed) or the installation (InstallationFailed). */
  fail?: 'download' | 'install';
}

export interface FirmwareCharger {
  id: string;
  secret: string;
  v201: boolean;
  /** Sends a call on the charger's current connection. */
  send: Send;
  /** Closes the connection; the charger reconnects and boots again (with `version`). */
  reboot(): void;
}

/**
 * A simulated charger's firmware: UpdateFirmware is accepted, then the image is fetched from its URL with the
 * charger's own id and key (HTTP Basic), its bytes checked against the checksum the server sent, and its version read
 * from its first line; each step is reported (Downloading, Downloaded, Installing, 2.0.1 InstallRebooting), the
 * charger reboots with the new version and reports Installed after its boot. A failed fetch or check is DownloadFailed;
 * an image that is not a simulator image InstallationFailed.
 */
export class SimulatedFirmware {
  version = SIMULATOR_FIRMWARE_VERSION;
  /** The download the charger last made: what the server served (for tests and the demo). */
  lastDownload: { url: string; status: number; bytes: number; checksumOk: boolean } | null = null;
  private installedAfterBoot: number | null = null;

  constructor(
    private readonly charger: FirmwareCharger,
    private readonly options: FirmwareOptions = {},
  ) {}

  handle(on: On): void {
    on('UpdateFirmware', (p) => {
      const location = String(this.charger.v201 ? (p.firmware as { location?: string } | undefined)?.location : p.location);
      const requestId = this.charger.v201 ? Number(p.requestId) : null;
      setTimeout(() => void this.update(location, requestId).catch(() => undefined), this.options.stepMs ?? 200).unref();
      return this.charger.v201 ? { status: 'Accepted' } : {};
    });
  }

  /** After each boot: a pending installation is reported Installed (the charger runs the new version now). */
  async booted(): Promise<void> {
    if (this.installedAfterBoot === null) return;
    const requestId = this.installedAfterBoot === 0 ? null : this.installedAfterBoot;
    this.installedAfterBoot = null;
    await this.report('Installed', requestId);
  }

  private report(status: string, requestId: number | null): Promise<unknown> {
    return this.charger.send('FirmwareStatusNotification', { status, ...(this.charger.v201 && requestId !== null ? { requestId } : {}) });
  }

  private step(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, this.options.stepMs ?? 200).unref());
  }

  private async update(location: string, requestId: number | null): Promise<void> {
    await this.report('Downloading', requestId);
    const image = this.options.fail === 'download' ? null : await this.download(location);
    await this.step();
    if (!image) return void (await this.report('DownloadFailed', requestId));
    await this.report('Downloaded', requestId);
    await this.step();
    await this.report('Installing', requestId);
    const version = /^SIMFW ([^\n]+)\n/.exec(image.subarray(0, 80).toString('latin1'))?.[1];
    await this.step();
    if (!version || this.options.fail === 'install') return void (await this.report('InstallationFailed', requestId));
    if (this.charger.v201) await this.report('InstallRebooting', requestId);
    this.version = version;
    this.installedAfterBoot = requestId ?? 0;
    this.charger.reboot();
  }

  /** The image, if the server served it whole (its sha256 is the checksum it announced); else null. */
  private async download(url: string): Promise<Buffer | null> {
    try {
      const auth = Buffer.from(`${this.charger.id}:${this.charger.secret}`).toString('base64');
      const res = await fetch(url, { headers: { authorization: `Basic ${auth}` } });
      const bytes = Buffer.from(await res.arrayBuffer());
      const checksum = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
      const checksumOk = res.headers.get('x-checksum') === checksum;
      this.lastDownload = { url, status: res.status, bytes: bytes.length, checksumOk };
      return res.ok && checksumOk ? bytes : null;
    } catch {
      this.lastDownload = { url, status: 0, bytes: 0, checksumOk: false };
      return null;
    }
  }
}
