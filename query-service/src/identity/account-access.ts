import { randomUUID } from 'node:crypto';
import { BUS_TOPICS, type LiveChange } from '@evc/contracts';
import type { Bus, Consumer, DocumentStore } from '@evc/platform';
import type { Principal } from '@evc/platform/auth/principal';
import type { AccessCheck } from '@evc/platform/http/access';
import { ApiException } from '@evc/platform/http/api-exception';
import { ACCOUNT_ACCESS, ENDED_SIGN_INS, type AccountAccessDoc } from '@evc/projections';

/** An entry is trusted this long without a change notice (a lost notice costs at most this much). */
const TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

/**
 * The query side's AccessCheck: the `account_access` read model, cached per process and invalidated by
 * the change notices the projections publish on `readmodel.changed` (each process in a group of its own). A token
 * whose access version is below the account's, or whose account is banned or deactivated, is refused on the next
 * request and its live stream is closed. Staleness: the projections' lag plus the notice's delivery (milliseconds
 * embedded, well under a second in the cluster), and at most TTL_MS should a notice be lost. A token whose sign-in
 * (refresh family, claim `fam`) ended is refused the same way, from the `ended_sign_ins` read model.
 */
export class AccountAccessCache implements AccessCheck {
  private readonly entries = new Map<string, { doc: AccountAccessDoc | null; at: number }>();
  /** Sign-ins known to have ended (kept: a family never starts again) or not (trusted for TTL_MS). */
  private readonly families = new Map<string, { ended: boolean; at: number }>();
  /** Bumped by every notice about ended sign-ins: a read that began before one must not cache what it found. */
  private familyNotices = 0;
  private readonly listeners = new Set<(accountIds: readonly string[] | null) => void>();
  private consumer: Consumer | null = null;

  constructor(
    private readonly documents: DocumentStore,
    private readonly bus: Bus,
    private readonly now: () => number = Date.now,
  ) {}

  async start(): Promise<void> {
    this.consumer ??= this.bus.subscribe<LiveChange>(
      { groupId: `account-access-${randomUUID()}`, topics: [BUS_TOPICS.readModelChanged] },
      ({ value }) => this.onChange(value),
    );
    await this.consumer.ready;
  }

  async stop(): Promise<void> {
    await this.consumer?.stop();
    this.consumer = null;
  }

  /** Called with the accounts whose access changed (null: possibly any). */
  onAccessChange(listener: (accountIds: readonly string[] | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async assertCurrent(principal: Principal): Promise<void> {
    if (principal.version === undefined) return;
    const doc = await this.current(principal.accountId);
    // Not projected yet (no doc): the token was signed after the newest change the read model knows of.
    if (doc?.banned) throw new ApiException('identity.account_banned', 'This account is banned');
    if (doc && !doc.active) throw new ApiException('identity.account_inactive', 'This account is deactivated');
    if (doc && principal.version < doc.version)
      throw new ApiException('identity.session_expired', 'The account changed since this sign-in; sign in again');
    if (principal.familyId && (await this.ended(principal.familyId)))
      throw new ApiException('identity.session_expired', 'This sign-in has ended; sign in again');
  }

  private async ended(familyId: string): Promise<boolean> {
    const cached = this.families.get(familyId);
    if (cached && (cached.ended || this.now() - cached.at < TTL_MS)) return cached.ended;
    const notices = this.familyNotices;
    const ended = (await ENDED_SIGN_INS.in(this.documents).findOne({ _id: familyId })) !== null;
    if (notices === this.familyNotices || ended) {
      if (this.families.size >= MAX_ENTRIES) this.families.delete(this.families.keys().next().value!);
      this.families.set(familyId, { ended, at: this.now() });
    }
    return ended;
  }

  private async current(accountId: string): Promise<AccountAccessDoc | null> {
    const cached = this.entries.get(accountId);
    if (cached && this.now() - cached.at < TTL_MS) return cached.doc;
    const doc = await ACCOUNT_ACCESS.in(this.documents).findOne({ _id: accountId });
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(accountId, { doc, at: this.now() });
    return doc;
  }

  private onChange(change: LiveChange): void {
    if (change.collection === ENDED_SIGN_INS.name) return this.onSignInsEnded(change);
    if (change.collection !== ACCOUNT_ACCESS.name) return;
    const ids = change.ids ?? null;
    if (ids) for (const id of ids) this.entries.delete(id);
    else this.entries.clear();
    for (const listener of this.listeners) listener(ids);
  }

  private onSignInsEnded(change: LiveChange): void {
    this.familyNotices++;
    if (change.ids) for (const id of change.ids) this.families.delete(id);
    else for (const [id, entry] of this.families) if (!entry.ended) this.families.delete(id);
    const accounts = change.customerIds?.length ? change.customerIds : null;
    for (const listener of this.listeners) listener(accounts);
  }
}
