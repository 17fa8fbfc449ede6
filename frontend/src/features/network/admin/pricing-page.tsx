import { useState } from 'react';
import styled from '@emotion/styled';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PricingChangeView } from '@evc/contracts/network';
import { setPricingWithReasonSchema } from '@evc/contracts/network';
import { normalizeDigits } from '@evc/contracts/shared';
import { egpToPiastres, piastresToEgp } from '@evc/contracts/shared';
import { Field } from '../../../components/ui/field';
import { formatMoney } from '../../../lib/format';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { hasPrivilege, sessionAtom } from '../../../stores/auth-state';
import { useLocale } from '../../../hooks/use-locale';

import { useCommand, useCurrentPricing } from '../../../components/admin/admin-api';
import { AdminList, useAdminList, type Column } from '../../../components/admin/admin-list';
import { FormCard } from '../../../components/admin/admin-ui';
import { EditorCard, useSave } from '../../../components/admin/form-parts';
import { ProblemAlert } from '../../../components/admin/problems';
import { formatCairo, fromCairoInput, toCairoInput } from '../../../lib/cairo-time';
import { actorText, reasonText } from '../../../components/admin/audit-sentence';

const COLLECTION = 'pricing_history';
const PRICE_FIELDS = ['acPricePerKwh', 'dcPricePerKwh', 'minimumCharge', 'bookingFeePerMinute'] as const;
type PriceField = (typeof PRICE_FIELDS)[number];

/** The prices in force: a term and its amount per line (each pair's wrapper lays out in the list's grid). */
const Prices = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: fit-content(50%) minmax(0, 1fr);
  gap: 0.25rem 1rem;
  overflow-wrap: anywhere;
  > div {
    display: contents;
  }
  dd {
    margin: 0;
  }
`;

/** An amount typed in EGP (Eastern Arabic digits accepted) as integer piastres; NaN when it is not a number. */
export function egpTextToPiastres(text: string): number {
  const t = normalizeDigits(text.trim()).replace(/[,\s]/g, '');
  if (t === '' || !/^\d+(\.\d+)?$/.test(t)) return Number.NaN;
  return egpToPiastres(Number(t));
}

/** /admin/chargerspricingsettings: the prices in force, a change with its effective time and reason, and the history. */
export function PricingPage() {
  const locale = useLocale();
  const intl = useIntl();
  const session = useAtomValue(sessionAtom);
  const canWrite = hasPrivilege(session, 'pricing.write');
  const current = useCurrentPricing();
  const [editing, setEditing] = useState(false);
  const list = useAdminList<PricingChangeView>({ collection: COLLECTION, operation: 'pricing.history', statusFilter: null });
  const money = (p: number) => formatMoney(p, locale);
  const when = { format: (d: Date) => formatCairo(d, locale) };
  const change = (r: PricingChangeView, f: PriceField) => (
    <>
      {r.previous ? <bdi>{money(r.previous[f])}</bdi> : '—'}{' '}
      <span aria-hidden="true" className="mirror-rtl">
        →
      </span>{' '}
      <bdi>{money(r[f])}</bdi>
    </>
  );
  const columns: Column<PricingChangeView>[] = [
    { key: 'who', labelId: 'pricing.changedBy', render: (r) => r.changedBy.name ?? actorText(intl, r.changedBy.type) },
    { key: 'when', labelId: 'pricing.changedAt', sortKey: 'changedAt', render: (r) => when.format(new Date(r.changedAt)) },
    ...PRICE_FIELDS.map((f) => ({ key: f, labelId: `pricing.${f}`, render: (r: PricingChangeView) => change(r, f) })),
    { key: 'effective', labelId: 'pricing.effectiveFrom', sortKey: 'effectiveFrom', render: (r) => when.format(new Date(r.effectiveFrom)) },
    { key: 'reason', labelId: 'admin.reason', render: (r) => (r.reason ? reasonText(intl, r.reason) : '—') },
  ];
  return (
    <AdminList
      titleId="admin.pricing"
      list={list}
      columns={columns}
      rowId={(r) => r.changeId}
      writePrivilege="pricing.write"
      onAdd={() => setEditing(true)}
      addLabelId="pricing.change"
      auditStream={() => 'pricing-network'}
      csvName="pricing-history.csv"
    >
      <FormCard aria-labelledby="pricing-current">
        <h2 id="pricing-current">
          <FormattedMessage id="pricing.inForce" />
        </h2>
        {current.data && (
          <Prices>
            {PRICE_FIELDS.map((f) => (
              <div key={f}>
                <dt>
                  <FormattedMessage id={`pricing.${f}`} />
                </dt>
                <dd>{money(current.data[f])}</dd>
              </div>
            ))}
            <dt>
              <FormattedMessage id="pricing.effectiveFrom" />
            </dt>
            <dd>{when.format(new Date(current.data.effectiveFrom))}</dd>
          </Prices>
        )}
      </FormCard>
      {canWrite && editing && (
        <PricingForm
          initial={current.data ?? null}
          onDone={() => {
            setEditing(false);
            void current.refetch();
          }}
        />
      )}
    </AdminList>
  );
}

export function PricingForm({ initial, onDone }: { initial: Record<PriceField, number> | null; onDone: () => void }) {
  const egp = (f: PriceField) => (initial ? String(piastresToEgp(initial[f])) : '');
  const form = useSchemaForm({
    acPricePerKwh: egp('acPricePerKwh'),
    dcPricePerKwh: egp('dcPricePerKwh'),
    minimumCharge: egp('minimumCharge'),
    bookingFeePerMinute: egp('bookingFeePerMinute'),
    effectiveFrom: toCairoInput(Date.now()),
    reason: '',
  });
  const set = useCommand(COLLECTION, 'pricing.set');
  const label = (id: string) => form.intl.formatMessage({ id });
  const saving = useSave(form, onDone);
  const submit = () => {
    saving.clear();
    const body = form.validate(setPricingWithReasonSchema, {
      acPricePerKwh: egpTextToPiastres(form.values.acPricePerKwh),
      dcPricePerKwh: egpTextToPiastres(form.values.dcPricePerKwh),
      minimumCharge: egpTextToPiastres(form.values.minimumCharge),
      bookingFeePerMinute: egpTextToPiastres(form.values.bookingFeePerMinute),
      effectiveFrom: fromCairoInput(form.values.effectiveFrom) ?? '',
      reason: form.values.reason,
    });
    if (!body) return;
    saving.save(set, body);
  };
  const amountError = (f: PriceField) =>
    form.errors[f] ? (form.errors[f].code === 'invalid_type' ? label('pricing.invalidAmount') : form.errorText(f)) : undefined;
  return (
    <EditorCard
      titleId="pricing.changeTitle"
      busy={set.isPending}
      onSubmit={submit}
      onCancel={onDone}
      problem={saving.problem !== null && <ProblemAlert error={saving.problem} />}
    >
      {PRICE_FIELDS.map((f) => (
        <Field key={f} label={label(`pricing.${f}`)} error={amountError(f)} hint={label('pricing.egpHint')}>
          <input dir="ltr" inputMode="decimal" {...form.bind(f)} maxLength={12} />
        </Field>
      ))}
      <Field label={label('pricing.effectiveFrom')} error={form.errorText('effectiveFrom')} hint={label('time.cairoInput')}>
        <input type="datetime-local" {...form.bind('effectiveFrom')} />
      </Field>
      <Field label={label('admin.reason')} error={form.errors.reason ? label('validation.reason_required') : undefined}>
        <textarea rows={2} {...form.bind('reason')} maxLength={300} />
      </Field>
    </EditorCard>
  );
}
