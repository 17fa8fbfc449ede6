import { useState, type ReactNode } from 'react';
import styled from '@emotion/styled';
import { useSetAtom } from 'jotai';
import { FormattedMessage, type IntlShape } from 'react-intl';
import { reasonSchema } from '@evc/contracts/identity';
import { toFieldErrors } from '@evc/contracts/shared';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Field } from '../ui/field';
import { useSchemaForm } from '../../hooks/use-schema-form';
import { pushToastAtom } from '../../stores/toast-state';
import { Alert, FormCard, Toolbar } from './admin-ui';

const CheckLabel = styled.label`
  display: flex;
  gap: 0.5rem;
  align-items: center;
  font-weight: 700;
`;

/** A labelled checkbox (active flags). */
export function CheckField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <CheckLabel>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </CheckLabel>
  );
}

/** A fieldset of checkboxes choosing a subset of `options` (roles of an admin, privileges of a role). */
export function CheckGroup<V extends string>({
  legend,
  options,
  checked,
  onChange,
  error,
}: {
  legend: ReactNode;
  options: readonly { value: V; label: ReactNode }[];
  checked: readonly V[];
  onChange: (next: V[]) => void;
  error?: string;
}) {
  return (
    <fieldset className="checks">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value}>
          <input
            type="checkbox"
            checked={checked.includes(o.value)}
            onChange={(e) => onChange(e.target.checked ? [...checked, o.value] : checked.filter((x) => x !== o.value))}
          />
          {o.label}
        </label>
      ))}
      {error && <Alert role="alert">{error}</Alert>}
    </fieldset>
  );
}

/** A form's Cancel: the secondary button that leaves without saving. */
export function CancelButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="button" variant="secondary" onClick={onClick}>
      <FormattedMessage id="common.cancel" />
    </Button>
  );
}

/** The add/edit panel of a list screen: title, what it is about (`intro`), the fields, Save (or `submitId`) and Cancel. */
type EditorProps = {
  titleId: string;
  submitId?: string;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
  problem?: ReactNode;
  intro?: ReactNode;
};

/** The fields, the problem and Save / Cancel of an editor. */
function EditorForm(props: EditorProps) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      {props.children}
      {props.problem}
      <Toolbar>
        <Button type="submit" disabled={props.busy}>
          <FormattedMessage id={props.submitId ?? 'common.save'} />
        </Button>
        <CancelButton onClick={props.onCancel} />
      </Toolbar>
    </form>
  );
}

export function EditorCard(props: EditorProps) {
  return (
    <FormCard>
      <h2>
        <FormattedMessage id={props.titleId} />
      </h2>
      {props.intro}
      <EditorForm {...props} />
    </FormCard>
  );
}

/** An editor over the screen (a wallet adjustment): Escape or Cancel closes it. */
export function EditorDialog(props: EditorProps) {
  return (
    <Dialog title={<FormattedMessage id={props.titleId} />} onClose={props.onCancel}>
      {props.intro}
      <EditorForm {...props} />
    </Dialog>
  );
}

/** A reason (3-300 characters), required to deactivate, ban and unban; `children` says whom it is about. */
export function ReasonForm({
  titleId,
  submitId,
  busy,
  onSubmit,
  onCancel,
  children,
}: {
  titleId: string;
  submitId: string;
  busy: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const form = useSchemaForm({ reason: '' });
  const submit = () => {
    const parsed = reasonSchema.safeParse(form.values.reason);
    if (!parsed.success) {
      const first = toFieldErrors(parsed.error)[0];
      form.setErrors({ reason: { code: 'reason_required', ...first, path: 'reason' } });
      return;
    }
    onSubmit(parsed.data);
  };
  return (
    <EditorCard titleId={titleId} submitId={submitId} busy={busy} onSubmit={submit} onCancel={onCancel} intro={children}>
      <Field label={form.intl.formatMessage({ id: 'admin.reason' })} error={form.errorText('reason')}>
        <textarea rows={3} maxLength={300} {...form.bind('reason')} />
      </Field>
    </EditorCard>
  );
}

/**
 * Which form is open on a list screen: none, a new item, or the item with this id. `reload` re-reads the list and
 * opens the form again on the fresh row (after a concurrency conflict); until then the user's input stays.
 */
export function useEditorMode(refetch: () => Promise<unknown>) {
  const [mode, setMode] = useState<{ kind: 'none' } | { kind: 'create' } | { kind: 'edit'; id: string }>({ kind: 'none' });
  const [generation, setGeneration] = useState(0);
  return {
    mode,
    /** A key for the form: changes on each open and each reload, so the form starts from the row again. */
    key: `${mode.kind}-${mode.kind === 'edit' ? mode.id : ''}-${generation}`,
    create: () => (setMode({ kind: 'create' }), setGeneration((g) => g + 1)),
    edit: (id: string) => (setMode({ kind: 'edit', id }), setGeneration((g) => g + 1)),
    close: () => setMode({ kind: 'none' }),
    reload: async () => {
      await refetch();
      setGeneration((g) => g + 1);
    },
  };
}

type Bind = (key: 'nameEn' | 'nameAr') => { name: string; value: string; onChange: (e: { target: { value: string } }) => void };

/** The English (left to right) and Arabic (right to left) name fields of a form with `nameEn` and `nameAr`. */
export function NameFields({
  form,
  maxLength,
}: {
  form: { bind: Bind; errorText: (key: string) => string | undefined; intl: IntlShape };
  maxLength: number;
}) {
  const label = (id: string) => form.intl.formatMessage({ id });
  return (
    <>
      <Field label={label('admin.nameEn')} error={form.errorText('nameEn')}>
        <input dir="ltr" lang="en" {...form.bind('nameEn')} maxLength={maxLength} />
      </Field>
      <Field label={label('admin.nameAr')} error={form.errorText('nameAr')}>
        <input dir="rtl" lang="ar" {...form.bind('nameAr')} maxLength={maxLength} />
      </Field>
    </>
  );
}

type Command<B> = { mutate: (body: B, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void };

/**
 * Saving an editor form through a command: on success the "Saved" toast and `onDone`; on failure the server's
 * field errors beside the fields and the `problem` to show. `clear` forgets the last problem (call it on submit).
 * `save` sends nothing for a null body (the form did not validate).
 */
export function useSave(form: { serverError: (error: unknown) => unknown; intl: IntlShape }, onDone: () => void) {
  const pushToast = useSetAtom(pushToastAtom);
  const [problem, setProblem] = useState<unknown>(null);
  const save = <B,>(command: Command<B>, body: B | null) =>
    body !== null &&
    command.mutate(body, {
      onSuccess: () => {
        pushToast({ kind: 'success', text: form.intl.formatMessage({ id: 'admin.saved' }) });
        onDone();
      },
      onError: (error) => {
        form.serverError(error);
        setProblem(error);
      },
    });
  return { problem, clear: () => setProblem(null), save };
}
