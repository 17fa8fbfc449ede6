import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { FormCard, Toolbar } from './admin-ui';

/** A labelled checkbox (active flags). */
export function CheckField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', fontWeight: 700 }}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/** The add/edit panel of a list screen: title, the fields, Save and Cancel. */
export function EditorCard({ titleId, busy, onSubmit, onCancel, children, problem }: { titleId: string; busy: boolean; onSubmit: () => void; onCancel: () => void; children: ReactNode; problem?: ReactNode }) {
  return (
    <FormCard>
      <h2>
        <FormattedMessage id={titleId} />
      </h2>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
        {problem}
        <Toolbar>
          <Button type="submit" disabled={busy}>
            <FormattedMessage id="common.save" />
          </Button>
          <Button type="button" variant="secondary" onClick={onCancel}>
            <FormattedMessage id="common.cancel" />
          </Button>
        </Toolbar>
      </form>
    </FormCard>
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
