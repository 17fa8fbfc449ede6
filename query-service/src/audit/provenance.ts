import {
  chargingStreams,
  energyCost,
  networkStreams,
  type EventTypeMap,
  type ProvenanceStep,
  type ProvenanceView,
  type SetPricing,
} from '@evc/contracts';
import type { DocumentStore, EventStore, RecordedEvent } from '@evc/platform';
import { ApiException } from '@evc/platform/http/api-exception';
import { STATIONS, WALLET_TRANSACTIONS, walletTxKey } from '@evc/projections';

type Of<K extends keyof EventTypeMap> = RecordedEvent<EventTypeMap[K]>;
const step = (code: ProvenanceStep['code'], at: string | null, values: ProvenanceStep['values'] = {}): ProvenanceStep => ({
  code,
  at,
  values,
});
const first = <K extends keyof EventTypeMap>(events: readonly RecordedEvent[], type: K) =>
  events.find((e) => e.type === type) as Of<K> | undefined;

/**
 * "How this was calculated", from the log and from the customer's own facts only: the session's meter readings, the
 * prices in force when it started (with the minimum charge), the payment's provider references, the booking fee per
 * minute in force, the wallet line's own words. Never shown: who among staff did something, their internal reasons
 * (metadata), charger frames, token checks, correlation ids. Another customer's session or line is not found.
 */
export class Provenance {
  constructor(
    private readonly store: EventStore,
    private readonly documents: DocumentStore,
  ) {}

  async ofSession(customerId: string, sessionId: string): Promise<ProvenanceView> {
    const events = await this.store.readStream(chargingStreams.session(sessionId));
    const requested = first(events, 'SessionRequested');
    // A refused start is not the customer's session (docs/charging.md): found for staff only.
    if (!requested || requested.data.customerId !== customerId || requested.data.refusal)
      throw new ApiException('charging.session_not_found', 'No such session');
    const { steps, amount, readings } = await this.sessionSteps(events, requested);
    return { subject: 'session', amount, steps, readings };
  }

  async ofWalletLine(customerId: string, transactionId: string): Promise<ProvenanceView> {
    const doc = await WALLET_TRANSACTIONS.in(this.documents).findOne(
      { _id: walletTxKey(customerId, transactionId) },
      { projection: { position: 1 } },
    );
    const [line] = doc ? await this.store.readAll({ after: doc.position - 1, maxCount: 1 }) : [];
    if (!line || (line.type !== 'WalletCredited' && line.type !== 'WalletDebited'))
      throw new ApiException('wallet.transaction_not_found', 'No such wallet line');
    const tx = (line as Of<'WalletCredited'>).data;
    if (tx.customerId !== customerId || tx.transactionId !== transactionId)
      throw new ApiException('wallet.transaction_not_found', 'No such wallet line');
    const credit = line.type === 'WalletCredited';
    const moved = step(credit ? 'wallet.credited' : 'wallet.debited', tx.at, {
      amount: tx.amount,
      balanceBefore: credit ? tx.balanceAfter - tx.amount : tx.balanceAfter + tx.amount,
      balanceAfter: tx.balanceAfter,
    });
    const steps: ProvenanceStep[] = [];
    let readings: ProvenanceView['readings'] = [];
    const ref = tx.reference;
    if (ref.type === 'session') {
      const events = await this.store.readStream(chargingStreams.session(ref.id));
      const requested = first(events, 'SessionRequested');
      if (requested && requested.data.customerId === customerId) {
        const session = await this.sessionSteps(events, requested);
        steps.push(...session.steps.filter((s) => s.code !== 'session.billed'));
        readings = session.readings;
      }
    } else if (ref.type === 'payment') {
      steps.push(...(await this.paymentSteps(customerId, ref.id)));
    } else if (ref.type === 'booking') {
      const fee = (await this.pricesAt(tx.at))?.bookingFeePerMinute ?? null;
      const minutes = fee && tx.amount % fee === 0 ? tx.amount / fee : null;
      steps.push(step('booking.fee', tx.at, { feePerMinute: fee, minutes, amount: tx.amount, bookingId: ref.id }));
    } else if (ref.type === 'adjustment') {
      // The line's own words (the customer sees them on the line); the staff member and the event's internal reason are not shown.
      steps.push(step('adjustment.made', tx.at, { amount: tx.amount, direction: credit ? 'in' : 'out', reason: tx.reason }));
    }
    steps.push(moved);
    return { subject: 'wallet_line', amount: tx.amount, steps, readings };
  }

  private async sessionSteps(events: readonly RecordedEvent[], requested: Of<'SessionRequested'>) {
    const d = requested.data;
    const station = await STATIONS.in(this.documents).findOne({ _id: d.stationId }, { projection: { nameEn: 1, nameAr: 1 } });
    const pricing = await this.pricesAt(d.at);
    const steps: ProvenanceStep[] = [
      step('session.started', d.at, {
        stationNameEn: station?.nameEn ?? d.stationId,
        stationNameAr: station?.nameAr ?? station?.nameEn ?? d.stationId,
        connectorId: d.connectorId,
        connectorType: d.connectorType,
        current: d.prices.current,
        origin: d.origin,
      }),
      step('session.prices', d.at, {
        pricePerKwh: d.prices.pricePerKwh,
        minimumCharge: d.prices.minimumCharge,
        current: d.prices.current,
        effectiveFrom: pricing?.effectiveFrom ?? null,
      }),
    ];
    const charging = first(events, 'SessionCharging');
    const stopped = first(events, 'SessionStopped');
    const failed = first(events, 'SessionStartFailed');
    const billed = first(events, 'SessionBilled');
    const readings = events
      .filter((e): e is Of<'MeterReadingRecorded'> => e.type === 'MeterReadingRecorded')
      .map((e) => ({ timestamp: e.data.timestamp, energyWh: e.data.energyWh }))
      .sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0));
    if (failed && !charging) {
      steps.push(step('session.failed', failed.data.at, { reason: failed.data.reason }));
      return { steps, amount: 0, readings };
    }
    if (!charging) return { steps, amount: 0, readings };
    const start = charging.data.meterStartWh;
    steps.push(step('session.meter_start', charging.data.startedAt, { meterStartWh: start }));
    if (readings.length > 0)
      steps.push(
        step('session.readings', readings.at(-1)!.timestamp, {
          count: readings.length,
          firstAt: readings[0]!.timestamp,
          lastAt: readings.at(-1)!.timestamp,
          lastEnergyWh: readings.at(-1)!.energyWh,
        }),
      );
    const energyWh = stopped ? stopped.data.energyWh : Math.max(0, (readings.at(-1)?.energyWh ?? start) - start);
    if (stopped) steps.push(step('session.meter_stop', stopped.data.stoppedAt, { meterStopWh: stopped.data.meterStopWh }));
    steps.push(
      step('session.energy', stopped?.data.stoppedAt ?? readings.at(-1)?.timestamp ?? null, {
        energyWh,
        meterStartWh: start,
        meterEndWh: stopped?.data.meterStopWh ?? readings.at(-1)?.energyWh ?? start,
      }),
    );
    const byEnergy = energyCost(energyWh, d.prices.pricePerKwh);
    steps.push(step('session.energy_cost', null, { energyWh, pricePerKwh: d.prices.pricePerKwh, energyCost: byEnergy }));
    const cost = Math.max(d.prices.minimumCharge, byEnergy);
    steps.push(
      step(byEnergy < d.prices.minimumCharge ? 'session.minimum_applied' : 'session.minimum_not_needed', null, {
        minimumCharge: d.prices.minimumCharge,
        energyCost: byEnergy,
        cost,
      }),
    );
    if (!stopped) {
      steps.push(step('session.running', readings.at(-1)?.timestamp ?? null, { energyWh, cost }));
      return { steps, amount: cost, readings };
    }
    steps.push(step('session.stopped', stopped.data.stoppedAt, { reason: stopped.data.reason, cost: stopped.data.cost }));
    if (billed) steps.push(step('session.billed', billed.data.at, { amount: billed.data.amount }));
    return { steps, amount: stopped.data.cost, readings };
  }

  private async paymentSteps(customerId: string, paymentId: string): Promise<ProvenanceStep[]> {
    const events = await this.store.readStream(chargingStreams.payment(paymentId));
    const initiated = first(events, 'PaymentInitiated');
    if (!initiated || initiated.data.customerId !== customerId) return [];
    const steps = [
      step('payment.started', initiated.data.at, {
        amount: initiated.data.amount,
        provider: initiated.data.provider,
        providerRef: initiated.data.providerRef,
      }),
    ];
    const completed = first(events, 'PaymentCompleted');
    if (completed)
      steps.push(
        step('payment.completed', completed.data.at, {
          amount: completed.data.amount,
          provider: initiated.data.provider,
          providerTransactionId: completed.data.providerTransactionId,
        }),
      );
    return steps;
  }

  /** The prices in force at a time, from the log's price changes (their reasons are staff-internal and not returned). */
  private async pricesAt(at: string): Promise<SetPricing | null> {
    const changes = await this.store.readStream(networkStreams.pricing());
    const when = Date.parse(at);
    let inForce: SetPricing | null = null;
    for (const e of changes) {
      if (e.type !== 'PricingSet') continue;
      const p = e.data as SetPricing;
      const from = Date.parse(p.effectiveFrom);
      if (from <= when && (!inForce || from >= Date.parse(inForce.effectiveFrom))) inForce = p;
    }
    return inForce;
  }
}
