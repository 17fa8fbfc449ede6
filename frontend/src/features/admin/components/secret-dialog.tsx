import styled from '@emotion/styled';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { theme } from '../../../styles/theme';
import { Toolbar } from './admin-ui';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  background: rgb(15 23 42 / 45%);
  display: grid;
  place-items: center;
  padding: 1rem;
`;
const Box = styled.div`
  background: #fff;
  border-radius: ${theme.radius.md};
  padding: 1.25rem;
  max-inline-size: 34rem;
  display: grid;
  gap: 0.75rem;
  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
  code {
    display: block;
    padding: 0.6rem;
    background: #f1f5f9;
    border-radius: ${theme.radius.sm};
    word-break: break-all;
    user-select: all;
  }
  .warning {
    color: ${theme.color.danger};
    font-weight: 700;
    margin: 0;
  }
`;

/** The charger's secret key, shown once (after chargers.add or chargers.rotate-secret), with a copy button. */
export function SecretDialog({ chargerId, secretKey, onClose }: { chargerId: string; secretKey: string; onClose: () => void }) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secretKey);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Backdrop>
      <Box role="dialog" aria-modal="true" aria-labelledby="secret-title" aria-describedby="secret-warning" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
        <h2 id="secret-title">
          <FormattedMessage id="charger.secretTitle" values={{ chargerId }} />
        </h2>
        <p className="warning" id="secret-warning">
          <FormattedMessage id="charger.secretWarning" />
        </p>
        <code dir="ltr" aria-label={intl.formatMessage({ id: 'charger.secretKey' })}>
          {secretKey}
        </code>
        <Toolbar>
          <Button type="button" ref={first} onClick={() => void copy()}>
            <FormattedMessage id={copied ? 'charger.copied' : 'charger.copy'} />
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            <FormattedMessage id="charger.secretDone" />
          </Button>
        </Toolbar>
        <span role="status" className="visually-hidden">
          {copied ? intl.formatMessage({ id: 'charger.copied' }) : ''}
        </span>
      </Box>
    </Backdrop>
  );
}
