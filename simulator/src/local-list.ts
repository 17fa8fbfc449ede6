import type { ChargingPoint } from './charging';

type Params = Record<string, unknown>;
type On = (method: string, answer: (params: Params) => Record<string, unknown>) => void;
type Status = 'Accepted' | 'Blocked' | 'Expired' | 'Invalid' | 'ConcurrentTx' | 'NoCredit';
interface Entry {
  idTag: string;
  status: Status | null;
}

/**
 * The simulated charger's local authorisation list (OCPP 1.6 / 2.0.1 SendLocalList, GetLocalListVersion): a version
 * and idTag → status. `Full` replaces the list; `Differential` applies its entries (an entry without a status is
 * removed) and must carry a newer version than the list's, else VersionMismatch.
 */
export class LocalAuthList {
  version = 0;
  private readonly entries = new Map<string, Status>();

  apply(version: number, updateType: string, entries: Entry[]): 'Accepted' | 'VersionMismatch' | 'Failed' {
    if (updateType === 'Differential' && version <= this.version) return 'VersionMismatch';
    if (updateType === 'Full') this.entries.clear();
    else if (updateType !== 'Differential') return 'Failed';
    for (const { idTag, status } of entries) {
      if (status) this.entries.set(idTag, status);
      else this.entries.delete(idTag);
    }
    this.version = version;
    return 'Accepted';
  }

  statusOf(idTag: string): Status | null {
    return this.entries.get(idTag) ?? null;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Answers SendLocalList and GetLocalListVersion in the charger's protocol. */
export function handleLocalList(on: On, list: LocalAuthList, v201: boolean): void {
  on('GetLocalListVersion', () => (v201 ? { versionNumber: list.version } : { listVersion: list.version }));
  on('SendLocalList', (p) => {
    const raw = (p.localAuthorizationList as Params[] | undefined) ?? [];
    const entries: Entry[] = raw.map((e) =>
      v201
        ? {
            idTag: String((e.idToken as Params).idToken),
            status: ((e.idTokenInfo as Params | undefined)?.status as Status | undefined) ?? null,
          }
        : { idTag: String(e.idTag), status: ((e.idTagInfo as Params | undefined)?.status as Status | undefined) ?? null },
    );
    return { status: list.apply(Number(v201 ? p.versionNumber : p.listVersion), String(p.updateType), entries) };
  });
}

export interface CardAtCharger {
  v201: boolean;
  list: LocalAuthList;
  charging: ChargingPoint;
  /** Authorize with the central system; null when offline. */
  authorize: ((payload: Params) => Promise<unknown>) | null;
}

/** What the charger decided for a presented card, and on whose word. */
export interface CardDecision {
  status: Status;
  source: 'central' | 'local-list';
  started: boolean;
}

/**
 * A driver presents a card at a connector: the charger asks the central system (Authorize); when it is offline, or
 * no answer comes within `authorizeTimeoutMs`, it decides from its local list (a tag not on it is Invalid). An
 * accepted card starts a transaction at once (queued while offline if the charger has an offline queue).
 */
export async function presentCard(
  charger: CardAtCharger,
  connectorId: number,
  idTag: string,
  authorizeTimeoutMs = 5_000,
): Promise<CardDecision> {
  let status: Status | null = null;
  if (charger.authorize) {
    const payload = charger.v201 ? { idToken: { idToken: idTag, type: 'ISO14443' } } : { idTag };
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), authorizeTimeoutMs);
    });
    const answer = (await Promise.race([charger.authorize(payload).catch(() => null), late])) as {
      idTagInfo?: { status: Status };
      idTokenInfo?: { status: Status };
    } | null;
    clearTimeout(timer);
    status = (charger.v201 ? answer?.idTokenInfo?.status : answer?.idTagInfo?.status) ?? null;
  }
  const source = status ? 'central' : 'local-list';
  const decided = status ?? charger.list.statusOf(idTag) ?? 'Invalid';
  const started = decided === 'Accepted' && charger.charging.startLocal(connectorId, idTag);
  return { status: decided, source, started };
}
