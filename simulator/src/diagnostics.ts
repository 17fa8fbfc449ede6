type Params = Record<string, unknown>;
type On = (method: string, answer: (params: Params) => Record<string, unknown>) => void;
type Enqueue = (action: string, build: () => Record<string, unknown>) => Promise<unknown>;

/** What the simulated charger last did with a diagnostics request (for tests and the summary). */
export interface DiagnosticsUpload {
  location: string;
  status: 'Idle' | 'Uploading' | 'Uploaded' | 'UploadFailed';
  /** The upload URL's HTTP status, null without an answer. */
  httpStatus: number | null;
}

/**
 * The simulated charger's diagnostics (1.6 GetDiagnostics, 2.0.1 GetLog): it accepts, names its file, then uploads
 * a small text log to the location it was given, reporting Uploading and then Uploaded or the failure
 * (DiagnosticsStatusNotification / LogStatusNotification with the request id). A 1.6 charger posts the file as
 * multipart/form-data, as many do; a 2.0.1 charger puts the raw bytes.
 */
export class SimulatedDiagnostics {
  last: DiagnosticsUpload | null = null;
  /** Off: the charger accepts and names its file but uploads nothing (the location stays in `last`, status Idle). */
  autoUpload = true;

  constructor(
    private readonly chargerId: string,
    private readonly v201: boolean,
    private readonly enqueue: Enqueue,
  ) {}

  handle(on: On): void {
    on('GetDiagnostics', (p) => {
      const fileName = `diagnostics-${this.chargerId}.log`;
      this.later(String(p.location), fileName, null);
      return { fileName };
    });
    on('GetLog', (p) => {
      const filename = `log-${this.chargerId}.log`;
      this.later(String((p.log as Params | undefined)?.remoteLocation ?? ''), filename, Number(p.requestId));
      return { status: 'Accepted', filename };
    });
  }

  /** The log's content: a few lines a charger would keep. */
  contentOf(fileName: string): string {
    return [
      `# ${fileName}`,
      `charger=${this.chargerId} protocol=${this.v201 ? 'ocpp2.0.1' : 'ocpp1.6'}`,
      'boot: firmware sim-1.0.0, 2 connectors',
      'status: connector 1 Available, connector 2 Available',
      '<no errors recorded>',
      '',
    ].join('\n');
  }

  // Answer first, then upload (OCPP: the status notifications follow the command's answer).
  private later(location: string, fileName: string, requestId: number | null): void {
    if (!this.autoUpload) {
      this.last = { location, status: 'Idle', httpStatus: null };
      return;
    }
    setTimeout(() => void this.upload(location, fileName, requestId), 10).unref();
  }

  private report(status: Exclude<DiagnosticsUpload['status'], 'Idle'>, requestId: number | null): Promise<unknown> {
    const failed = status === 'UploadFailed' && this.v201 ? 'UploadFailure' : status;
    return this.v201
      ? this.enqueue('LogStatusNotification', () => ({ status: failed, ...(requestId !== null ? { requestId } : {}) }))
      : this.enqueue('DiagnosticsStatusNotification', () => ({ status }));
  }

  private async upload(location: string, fileName: string, requestId: number | null): Promise<void> {
    this.last = { location, status: 'Uploading', httpStatus: null };
    const last = this.last;
    await this.report('Uploading', requestId).catch(() => undefined);
    const content = this.contentOf(fileName);
    let body: string | FormData = content;
    if (!this.v201) {
      const form = new FormData();
      form.append('file', new Blob([content], { type: 'text/plain' }), fileName);
      body = form;
    }
    try {
      const res = await fetch(location, { method: this.v201 ? 'PUT' : 'POST', body, signal: AbortSignal.timeout(30_000) });
      last.httpStatus = res.status;
      await res.arrayBuffer().catch(() => undefined);
      last.status = res.ok ? 'Uploaded' : 'UploadFailed';
    } catch {
      last.status = 'UploadFailed';
    }
    await this.report(last.status, requestId).catch(() => undefined);
  }
}
