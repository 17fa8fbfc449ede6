import { useRef, useState, type KeyboardEvent } from 'react';
import styled from '@emotion/styled';
import { FormattedMessage } from 'react-intl';
import { amountKeyAllowed, startTopUpSchema } from '@evc/contracts/wallet';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { ApiRequestError } from '../../../lib/api-client';
import { newUuid } from '../../../lib/uuid';
import { useLocale } from '../../../hooks/use-locale';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { useTopUp } from '../api/wallet-api';
import { Row } from '../../../components/ui/status-parts';

/** Where the browser goes for the provider's checkout (a seam for tests). */
export const checkout = { go: (url: string) => window.location.assign(url) };

/**
 * A checkout page served by this site (the sandbox provider's, a path such as /api/payments/sandbox/<id>) speaks the
 * customer's language only when told with `?lang=`; an external provider's address is left as it is.
 */
export function checkoutUrlFor(url: string, locale: string): string {
  if (!url.startsWith('/') || url.startsWith('//')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}lang=${encodeURIComponent(locale)}`;
}

/** Keypress rule of the amount (docs/rules.md §5): digits, one separator, editing keys; no typing past 999.9. */
export function onAmountKeyDown(e: KeyboardEvent<HTMLInputElement>) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key.length > 1 && !amountKeyAllowed(e.key, '')) return; // Escape, Shift…: not typing
  if (!amountKeyAllowed(e.key, e.currentTarget.value)) e.preventDefault();
}

/** startTopUpSchema's amount codes in words (docs/rules.md §5); anything else is "enter a valid number". */
const AMOUNT_CODES = ['amount_required', 'amount_min', 'amount_max'];
const amountMessageId = (code: string) => `wallet.amount.${AMOUNT_CODES.includes(code) ? code : 'invalid_amount'}`;

const Buttons = styled(Row)`
  margin-block-start: 1rem;
`;

/** The payment dialog: an amount in EGP, validated by wallet.top-up's schema → the provider's checkout page. */
export function TopUpDialog({ onClose }: { onClose: () => void }) {
  const form = useSchemaForm({ amountEgp: '' });
  const { intl } = form;
  const locale = useLocale();
  const [failure, setFailure] = useState<string | null>(null);
  const [paymentId] = useState(newUuid);
  const topUp = useTopUp();
  const input = useRef<HTMLInputElement>(null);

  const submit = () => {
    const body = form.validate(startTopUpSchema, { paymentId, amountEgp: form.values.amountEgp });
    if (!body) return;
    topUp.mutate(body, {
      onSuccess: (result) => checkout.go(checkoutUrlFor(result.checkoutUrl, locale)),
      onError: (e) => setFailure(translateErrorCode(intl, e instanceof ApiRequestError ? e.code : 'server.error')),
    });
  };
  const invalid = form.errors.amountEgp;
  const error = invalid ? intl.formatMessage({ id: amountMessageId(invalid.code) }) : failure;

  return (
    <Dialog title={<FormattedMessage id="wallet.topUp.title" />} onClose={onClose} initialFocus={input} size="narrow">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field
          label={intl.formatMessage({ id: 'wallet.topUp.amount' })}
          hint={intl.formatMessage({ id: 'wallet.topUp.hint' })}
          error={error ?? undefined}
        >
          <input
            ref={input}
            inputMode="decimal"
            autoComplete="off"
            value={form.values.amountEgp}
            onKeyDown={onAmountKeyDown}
            onChange={(e) => {
              form.setValue('amountEgp', e.target.value);
              setFailure(null);
            }}
          />
        </Field>
        <Buttons>
          <Button type="submit" disabled={topUp.isPending}>
            <FormattedMessage id="wallet.topUp.pay" />
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </Button>
        </Buttons>
      </form>
    </Dialog>
  );
}
