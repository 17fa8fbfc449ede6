import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useIntl } from 'react-intl';
import { pushToastAtom } from '../../../stores/toast-state';
import { usePayment, walletKeys } from '../api/wallet-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Back from the checkout (`/wallet?payment=<id>`): polls me.payment until it is no longer pending, then toasts the
 * outcome once and refreshes the wallet (the credited line appears at the top of its day). `done` drops the param.
 */
export function usePaymentReturn(paymentId: string | undefined, done: () => void) {
  const intl = useIntl();
  const pushToast = useSetAtom(pushToastAtom);
  const client = useQueryClient();
  const valid = paymentId && UUID.test(paymentId) ? paymentId : null;
  const payment = usePayment(valid, true);
  const told = useRef<string | null>(null);
  const status = payment.data?.status;
  useEffect(() => {
    if (!valid || !status || status === 'pending' || told.current === valid) return;
    told.current = valid;
    if (status === 'completed') pushToast({ kind: 'success', text: intl.formatMessage({ id: 'wallet.payment.completed' }) });
    else if (status === 'canceled') pushToast({ kind: 'error', text: intl.formatMessage({ id: 'wallet.payment.canceled' }) });
    else pushToast({ kind: 'error', text: intl.formatMessage({ id: 'wallet.payment.failed' }) });
    void client.invalidateQueries({ queryKey: walletKeys.wallet });
    done();
  }, [valid, status, intl, pushToast, client, done]);
  useEffect(() => {
    if (valid && payment.isError && told.current !== valid) {
      told.current = valid;
      pushToast({ kind: 'error', text: intl.formatMessage({ id: 'wallet.payment.failed' }) });
      done();
    }
  }, [valid, payment.isError, intl, pushToast, done]);
  return { checking: valid !== null && told.current !== valid };
}
