import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { FormattedMessage, type IntlShape } from 'react-intl';
import { LIMITS } from '@evc/contracts/shared';
import type { FieldError } from '@evc/contracts/shared';
import { adjustWalletSchema, type AdjustWallet } from '@evc/contracts/wallet';
import { Field } from '../../../components/ui/field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { newUuid } from '../../../lib/uuid';
import { translateFieldError } from '../../../lib/i18n/translate-error';
import { pushToastAtom } from '../../../stores/toast-state';
import { useCommand } from '../../../components/admin/admin-api';
import { Alert } from '../../../components/admin/admin-ui';
import { EditorDialog } from '../../../components/admin/form-parts';

/** The read model of wallets: its query keys start with it, and an adjustment reads its own write through it. */
export const WALLETS = 'wallets';

type Direction = AdjustWallet['direction'];

/** A wallet form error in words: the amount and reason rules of docs/rules.md §5, the generic text otherwise. */
export function walletErrorText(intl: IntlShape, field: string, error: FieldError): string {
  if (field === 'amountEgp') {
    if (error.code === 'amount_required') return intl.formatMessage({ id: 'admin.wallet.error.amountRequired' });
    if (error.code === 'amount_min') return intl.formatMessage({ id: 'admin.wallet.error.amountMin' }, { min: LIMITS.minWalletAmountEgp });
    if (error.code === 'amount_max') return intl.formatMessage({ id: 'admin.wallet.error.amountMax' }, { max: LIMITS.walletAdjustMaxEgp });
    return intl.formatMessage({ id: 'admin.wallet.error.amountInvalid' });
  }
  if (field === 'reason')
    return intl.formatMessage({ id: error.code === 'too_big' ? 'admin.wallet.error.reasonTooLong' : 'admin.wallet.error.reasonRequired' });
  return translateFieldError(intl, error);
}

/**
 * Add to or deduct from a customer's wallet (wallet.adjust), validated by adjustWalletSchema: amount in EGP (Eastern
 * Arabic digits accepted, min 1 EGP), a reason that is not only whitespace. Each submit is a new adjustment id.
 */
export function WalletAdjustForm({ customerId, direction, onDone }: { customerId: string; direction: Direction; onDone: () => void }) {
  const form = useSchemaForm({ amountEgp: '', reason: '' });
  const intl = form.intl;
  const queryClient = useQueryClient();
  const pushToast = useSetAtom(pushToastAtom);
  const [problem, setProblem] = useState<string | null>(null);
  const adjust = useCommand(WALLETS, 'wallet.adjust');
  const text = (field: 'amountEgp' | 'reason') => {
    const error = form.errors[field];
    return error ? walletErrorText(intl, field, error) : undefined;
  };

  const submit = () => {
    if (adjust.isPending) return;
    setProblem(null);
    const body = form.validate(adjustWalletSchema, {
      adjustmentId: newUuid(),
      customerId,
      direction,
      amountEgp: form.values.amountEgp,
      reason: form.values.reason,
    });
    if (!body) return;
    adjust.mutate(
      { ...body, reason: body.reason.trim() },
      {
        onSuccess: () => {
          pushToast({
            kind: 'success',
            text: intl.formatMessage({ id: direction === 'credit' ? 'admin.wallet.added' : 'admin.wallet.deducted' }),
          });
          // the customers list shows the balance too
          void queryClient.invalidateQueries({ queryKey: ['customers'] });
          onDone();
        },
        onError: (error) => setProblem(form.serverError(error).text),
      },
    );
  };

  return (
    <EditorDialog
      titleId={direction === 'credit' ? 'admin.wallet.addTitle' : 'admin.wallet.deductTitle'}
      submitId={direction === 'credit' ? 'admin.wallet.add' : 'admin.wallet.deduct'}
      busy={adjust.isPending}
      onSubmit={submit}
      onCancel={onDone}
      problem={problem && <Alert role="alert">{problem}</Alert>}
    >
      <Field label={intl.formatMessage({ id: 'admin.wallet.amount' })} error={text('amountEgp')}>
        <input dir="ltr" inputMode="decimal" autoComplete="off" maxLength={12} {...form.bind('amountEgp')} />
      </Field>
      <Field label={intl.formatMessage({ id: 'admin.wallet.reason' })} error={text('reason')}>
        <textarea rows={3} maxLength={300} {...form.bind('reason')} />
      </Field>
      <p>
        <FormattedMessage id={direction === 'credit' ? 'admin.wallet.addHint' : 'admin.wallet.deductHint'} />
      </p>
    </EditorDialog>
  );
}
