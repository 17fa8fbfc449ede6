import styled from '@emotion/styled';
import { useAtomValue, useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { theme } from '../../styles/theme';
import { dismissToastAtom, toastsAtom } from '../../stores/toast-state';
import { HEADER_BLOCK_SIZE_VAR } from '../../hooks/use-header-block-size';

/**
 * Below the header (whose height the header publishes), at its end corner: right in English, left in Arabic
 * (inset-inline-end follows the direction), so no toast covers the header's buttons. On phones, at the bottom.
 */
const Region = styled.div`
  position: fixed;
  inset-block-start: calc(var(${HEADER_BLOCK_SIZE_VAR}, 4rem) + 0.75rem);
  inset-inline-end: 1rem;
  @media (max-width: 47.99rem) {
    inset-block-start: auto;
    inset-block-end: 1rem;
  }
  z-index: 2000;
  display: grid;
  gap: 0.5rem;
  inline-size: min(22rem, calc(100vw - 2rem));
`;

const Item = styled.div<{ kind: 'success' | 'error' }>`
  background: ${theme.color.surface};
  border-inline-start: 5px solid ${(p) => (p.kind === 'success' ? theme.color.accent : theme.color.danger)};
  border-radius: ${theme.radius.md};
  box-shadow: ${theme.shadow.card};
  padding-block: 0.75rem;
  padding-inline: 1rem;
  display: flex;
  gap: 0.75rem;
  align-items: start;
  strong {
    display: block;
  }
  p {
    margin: 0;
    color: ${theme.color.muted};
  }
  button {
    margin-inline-start: auto;
    border: 0;
    background: transparent;
    font-size: 1.25rem;
    cursor: pointer;
    line-height: 1;
  }
`;

export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  const intl = useIntl();
  return (
    <Region aria-live="polite" role="status" data-testid="toasts">
      {toasts.map((t) => (
        <Item key={t.id} kind={t.kind} role={t.kind === 'error' ? 'alert' : undefined}>
          <div>
            <strong>
              <FormattedMessage id={t.kind === 'success' ? 'toast.success' : 'toast.error'} />
            </strong>
            <p>{t.text}</p>
          </div>
          <button type="button" onClick={() => dismiss(t.id)} aria-label={intl.formatMessage({ id: 'common.close' })}>
            ×
          </button>
        </Item>
      ))}
    </Region>
  );
}
