// i18n-catalog: app — receipts render only in the customer area, whose route loads the app catalog first.
import type { ReactNode } from 'react';
import styled from '@emotion/styled';
import { FormattedMessage } from 'react-intl';
import type { ReceiptView as Receipt } from '@evc/contracts/charging';
import { useLocale } from '../../../hooks/use-locale';
import { formatCairo } from '../../../lib/cairo-time';
import { formatMoney, formatNumber } from '../../../lib/format';

const Paper = styled.article`
  border: 1px solid #d7dde3;
  border-radius: 12px;
  padding: 1.5rem;
  background: #fff;
  max-inline-size: 40rem;
  display: grid;
  gap: 0.75rem;
  h2,
  p {
    margin: 0;
  }
  @media print {
    border: none;
    padding: 0;
    max-inline-size: none;
  }
`;

const Lines = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 0.45rem 1.5rem;
  margin: 0;
  dt {
    color: #4a5561;
  }
  dd {
    margin: 0;
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  .total {
    font-weight: 700;
    font-size: 1.15rem;
    color: inherit;
  }
`;

const Rule = styled.hr`
  border: none;
  border-block-start: 1px solid #d7dde3;
  margin: 0.25rem 0;
  inline-size: 100%;
`;

const Note = styled.p`
  font-size: 0.9rem;
  color: #4a5561;
`;

function Line({ label, children, testId, total }: { label: ReactNode; children: ReactNode; testId?: string; total?: boolean }) {
  return (
    <>
      <dt className={total ? 'total' : undefined}>{label}</dt>
      <dd className={total ? 'total' : undefined} data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

const kwh = (wh: number, locale: 'en' | 'ar') => formatNumber(wh / 1000, locale, { maximumFractionDigits: 3 });

/**
 * One receipt: who, where, when (Cairo time), energy, the price in force for the session, the
 * minimum charge when it applied (and saying so), the booking fee, the total and the wallet's balance after it.
 * The same figures as the server's PDF (query-service/src/receipts/pdf).
 */
export function ReceiptView({ receipt: r }: { receipt: Receipt }) {
  const locale = useLocale();
  const money = (piastres: number) => formatMoney(piastres, locale);
  const at = (iso: string) => formatCairo(iso, locale);
  const s = r.session;
  const b = r.booking;
  const car = s && (locale === 'ar' ? (s.carLabelAr ?? s.carLabel) : s.carLabel);
  return (
    <Paper data-testid="receipt" aria-labelledby="receipt-title">
      <h2 id="receipt-title">
        <FormattedMessage id={r.kind === 'session' ? 'receipt.title.session' : 'receipt.title.booking'} />
      </h2>
      <Lines>
        <Line label={<FormattedMessage id="receipt.number" />} testId="receipt-number">
          {r.receiptNumber}
        </Line>
        <Line label={<FormattedMessage id="receipt.issued" />}>{at(r.issuedAt)}</Line>
        <Line label={<FormattedMessage id="receipt.customer" />} testId="receipt-customer">
          {r.customerName}
        </Line>
        <Line label={<FormattedMessage id="receipt.station" />} testId="receipt-station">
          {locale === 'ar' ? r.stationNameAr || r.stationNameEn : r.stationNameEn}
        </Line>
        <Line label={<FormattedMessage id="receipt.charger" />}>{r.chargerId}</Line>
        <Line label={<FormattedMessage id="receipt.connector" />}>
          <bdi dir="ltr">#{formatNumber(r.connectorId, locale)}</bdi> · {r.connectorType} · {r.current}
        </Line>
        {car && <Line label={<FormattedMessage id="receipt.car" />}>{car}</Line>}
        {s?.startedAt && (
          <Line label={<FormattedMessage id="receipt.started" />} testId="receipt-started">
            {at(s.startedAt)}
          </Line>
        )}
        {s?.stoppedAt && (
          <Line label={<FormattedMessage id="receipt.stopped" />} testId="receipt-stopped">
            {at(s.stoppedAt)}
          </Line>
        )}
        {!s && b && (
          <>
            <Line label={<FormattedMessage id="receipt.slot" />} testId="receipt-slot">
              {at(b.startsAt)} – {formatCairo(b.endsAt, locale, 'time')}
            </Line>
            {b.endReason && (
              <Line label={<FormattedMessage id="receipt.ended" />}>
                <FormattedMessage id={`receipt.endReason.${b.endReason}`} />
                {b.endedAt && <> · {at(b.endedAt)}</>}
              </Line>
            )}
          </>
        )}
      </Lines>
      <Rule />
      <Lines>
        {s && (
          <>
            <Line label={<FormattedMessage id="receipt.energy" />} testId="receipt-energy">
              <FormattedMessage id="receipt.kwh" values={{ value: kwh(s.energyWh, locale) }} />
            </Line>
            <Line label={<FormattedMessage id="receipt.price" />} testId="receipt-price">
              <FormattedMessage id="receipt.perKwh" values={{ price: money(s.pricePerKwh) }} />
            </Line>
            <Line label={<FormattedMessage id="receipt.energyCost" />} testId="receipt-energy-cost">
              {money(s.energyCost)}
            </Line>
            {s.minimumApplied && (
              <Line label={<FormattedMessage id="receipt.minimumCharge" />} testId="receipt-minimum">
                {money(s.minimumCharge)}
              </Line>
            )}
            <Line label={<FormattedMessage id="receipt.chargingCost" />} testId="receipt-charging-cost">
              {money(s.cost)}
            </Line>
          </>
        )}
        {b && (
          <Line
            label={<FormattedMessage id="receipt.bookingFee" values={{ minutes: b.minutes, fee: money(b.feePerMinute) }} />}
            testId="receipt-booking-fee"
          >
            {money(b.fee)}
          </Line>
        )}
      </Lines>
      {s?.minimumApplied && (
        <Note data-testid="receipt-minimum-note">
          <FormattedMessage id="receipt.minimumApplied" values={{ minimum: money(s.minimumCharge), energyCost: money(s.energyCost) }} />
        </Note>
      )}
      <Rule />
      <Lines>
        <Line label={<FormattedMessage id="receipt.total" />} testId="receipt-total" total>
          {money(r.total)}
        </Line>
        <Line label={<FormattedMessage id="receipt.balanceAfter" />} testId="receipt-balance">
          {money(r.walletBalanceAfter)}
        </Line>
      </Lines>
      <Note>
        <FormattedMessage id="receipt.footer" />
      </Note>
    </Paper>
  );
}
