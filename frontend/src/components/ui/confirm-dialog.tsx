import { useRef, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from './button';
import { Dialog } from './dialog';
import { Actions } from './form-stack';

export interface ConfirmDialogProps {
  /** The question, e.g. "Delete charger EVC-001?": the dialog's name. */
  title: ReactNode;
  /** The confirming button's label. */
  confirm: ReactNode;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Shown under the question (a refusal of the last try…). */
  children?: ReactNode;
}

/** "Are you sure?" before an action that cannot be undone; Cancel (or Escape) keeps things as they are and has the focus. */
export function ConfirmDialog({ title, confirm, busy = false, onConfirm, onCancel, children }: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog role="alertdialog" title={title} onClose={onCancel} initialFocus={cancel} size="narrow">
      {children}
      <Actions>
        <Button type="button" disabled={busy} onClick={onConfirm}>
          {confirm}
        </Button>
        <Button type="button" variant="secondary" ref={cancel} onClick={onCancel}>
          <FormattedMessage id="common.cancel" />
        </Button>
      </Actions>
    </Dialog>
  );
}
