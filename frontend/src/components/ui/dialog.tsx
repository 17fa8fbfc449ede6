import styled from '@emotion/styled';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { theme } from '../../styles/theme';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const Backdrop = styled.div<{ urgent: boolean }>`
  position: fixed;
  inset: 0;
  z-index: ${(p) => (p.urgent ? 2500 : 2000)};
  background: rgb(15 23 42 / 50%);
  display: grid;
  place-items: center;
  padding: 1rem;
  overflow-y: auto;
`;

const Panel = styled.div<{ narrow: boolean }>`
  background: ${theme.color.surface};
  border-radius: ${theme.radius.md};
  box-shadow: ${theme.shadow.card};
  padding: 1.5rem;
  inline-size: min(${(p) => (p.narrow ? '26rem' : '34rem')}, 100%);
  display: grid;
  gap: 1rem;
  text-align: start;
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  > p {
    margin: 0;
  }
`;

export interface DialogProps {
  /** The dialog's name: shown as its heading and announced when it opens. */
  title: ReactNode;
  children: ReactNode;
  /** Escape closes the dialog through this; omit it where the dialog must be answered with a button. */
  onClose?: () => void;
  /** `alertdialog` for confirmations and warnings that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /** A sentence under the title that screen readers read with the name (aria-describedby). */
  description?: ReactNode;
  /** What takes the focus on open (default: the first field or button). */
  initialFocus?: RefObject<HTMLElement | null>;
  size?: 'narrow' | 'wide';
  /** Above every other dialog (the inactivity warning may open over a form). */
  urgent?: boolean;
}

/**
 * A modal dialog: labelled by its title, Tab and Shift+Tab stay inside it, Escape closes it, and the focus goes back
 * where it was when it closes. Rendered in place (it stays inside the region that opened it) over a backdrop.
 */
export function Dialog({
  title,
  children,
  onClose,
  role = 'dialog',
  description,
  initialFocus,
  size = 'wide',
  urgent = false,
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = initialFocus?.current ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE) ?? panel.current;
    first?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
    // the focus moves once, when the dialog opens
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <Backdrop urgent={urgent}>
      <Panel
        ref={panel}
        narrow={size === 'narrow'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{title}</h2>
        {description && <p id={descriptionId}>{description}</p>}
        {children}
      </Panel>
    </Backdrop>
  );
}
