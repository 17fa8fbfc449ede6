import styled from '@emotion/styled';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { Locale } from '@evc/contracts/shared';
import type { ProvenanceStep } from '@evc/contracts/audit';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { formatCairo } from '../../lib/cairo-time';
import { formatMoney } from '../../lib/format';
import { ApiRequestError } from '../../lib/api-client';
import { translateErrorCode } from '../../lib/i18n/translate-error';
import { useLocale } from '../../hooks/use-locale';
import { useProvenance, type ProvenanceSubject } from './provenance-api';
import { formatKwh } from '../../lib/format';

const Steps = styled.ol`
  margin: 0;
  padding-inline-start: 1.25rem;
  display: grid;
  gap: 0.5rem;
  small {
    display: block;
    color: #475569;
  }
`;

const MONEY = new Set(['amount', 'cost', 'energyCost', 'minimumCharge', 'pricePerKwh', 'balanceBefore', 'balanceAfter', 'feePerMinute']);
const ENERGY = new Set(['energyWh', 'meterStartWh', 'meterStopWh', 'meterEndWh', 'lastEnergyWh']);
const TIMES = new Set(['firstAt', 'lastAt', 'effectiveFrom']);
/** Codes shown through a message of their own (`provenance.<key>.<value>`, or the session's existing texts). */
const CODES: Record<string, (value: string) => string> = {
  origin: (v) => `provenance.origin.${v}`,
  provider: (v) => `provenance.provider.${v}`,
  direction: (v) => `provenance.direction.${v}`,
};

/** A step's values as the sentence shows them: money in EGP, energy in kWh, times in Cairo, codes in words. */
export function stepValues(step: ProvenanceStep, intl: IntlShape, locale: Locale): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(step.values)) {
    if (value === null) out[key] = '—';
    else if (MONEY.has(key) && typeof value === 'number') out[key] = formatMoney(value, locale);
    else if (ENERGY.has(key) && typeof value === 'number') out[key] = formatKwh(value, locale);
    else if (TIMES.has(key) && typeof value === 'string') out[key] = formatCairo(value, locale);
    else if (key === 'reason' && typeof value === 'string') {
      const id =
        step.code === 'session.failed'
          ? `charging.failure.${value}`
          : step.code === 'session.stopped'
            ? `charging.stopReason.${value}`
            : null;
      out[key] = id && Object.prototype.hasOwnProperty.call(intl.messages, id) ? intl.formatMessage({ id }) : value;
    } else if (CODES[key] && typeof value === 'string') out[key] = intl.formatMessage({ id: CODES[key](value) });
    // a count stays a number: its message chooses the plural form (Arabic agrees the noun with it)
    else if (key === 'minutes' && typeof value === 'number') out[key] = value;
    else out[key] = typeof value === 'number' ? intl.formatNumber(value) : value;
  }
  out.station = locale === 'ar' ? (out.stationNameAr ?? out.stationNameEn ?? '') : (out.stationNameEn ?? '');
  return out;
}

/**
 * "How this was calculated" for one of the customer's sessions or wallet lines: each fact of the log that made the
 * amount, as a sentence (meter readings, the prices in force at the start, the minimum charge, the payment's
 * references, the booking fee), and the readings themselves.
 */
export function ProvenanceDialog({ subject, onClose }: { subject: ProvenanceSubject; onClose: () => void }) {
  const intl = useIntl();
  const locale = useLocale();
  const provenance = useProvenance(subject);
  return (
    <Dialog title={<FormattedMessage id="provenance.title" />} onClose={onClose}>
      {provenance.isPending ? (
        <Spinner />
      ) : provenance.isError ? (
        <p role="alert">{translateErrorCode(intl, provenance.error instanceof ApiRequestError ? provenance.error.code : 'server.error')}</p>
      ) : (
        <>
          <p data-testid="provenance-amount">
            <FormattedMessage
              id={`provenance.amount.${provenance.data.subject}`}
              values={{ amount: formatMoney(provenance.data.amount, locale) }}
            />
          </p>
          <Steps data-testid="provenance-steps">
            {provenance.data.steps.map((step, i) => (
              <li key={`${step.code}-${i}`} data-step={step.code}>
                <FormattedMessage id={`provenance.step.${step.code}`} values={stepValues(step, intl, locale)} />
                {step.at && <small>{formatCairo(step.at, locale)}</small>}
              </li>
            ))}
          </Steps>
          {provenance.data.readings.length > 0 && (
            <details>
              <summary>
                <FormattedMessage id="provenance.readings" values={{ count: provenance.data.readings.length }} />
              </summary>
              <table>
                <thead>
                  <tr>
                    <th scope="col">
                      <FormattedMessage id="provenance.readingTime" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="provenance.readingRegister" />
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {provenance.data.readings.map((r) => (
                    <tr key={r.timestamp} data-testid="provenance-reading">
                      <td>{formatCairo(r.timestamp, locale, 'dateTimeSeconds')}</td>
                      <td>{formatKwh(r.energyWh, locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          )}
        </>
      )}
      <Button type="button" variant="secondary" onClick={onClose}>
        <FormattedMessage id="provenance.close" />
      </Button>
    </Dialog>
  );
}
