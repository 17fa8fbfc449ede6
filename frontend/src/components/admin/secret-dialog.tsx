import styled from '@emotion/styled';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { theme } from '../../styles/theme';
import { Toolbar } from './admin-ui';

const Secret = styled.code`
  display: block;
  padding: 0.6rem;
  background: #f1f5f9;
  border-radius: ${theme.radius.sm};
  word-break: break-all;
  user-select: all;
`;
const Warning = styled.strong`
  color: ${theme.color.danger};
`;

/** The charger's secret key, shown once (after chargers.add or chargers.rotate-secret), with a copy button. */
export function SecretDialog({ chargerId, secretKey, onClose }: { chargerId: string; secretKey: string; onClose: () => void }) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);
  const copyButton = useRef<HTMLButtonElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secretKey);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Dialog
      title={<FormattedMessage id="charger.secretTitle" values={{ chargerId }} />}
      description={
        <Warning>
          <FormattedMessage id="charger.secretWarning" />
        </Warning>
      }
      initialFocus={copyButton}
      onClose={onClose}
    >
      <Secret dir="ltr" aria-label={intl.formatMessage({ id: 'charger.secretKey' })}>
        {secretKey}
      </Secret>
      <Toolbar>
        <Button type="button" ref={copyButton} onClick={() => void copy()}>
          <FormattedMessage id={copied ? 'charger.copied' : 'charger.copy'} />
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          <FormattedMessage id="charger.secretDone" />
        </Button>
      </Toolbar>
      <span role="status" className="visually-hidden">
        {copied ? intl.formatMessage({ id: 'charger.copied' }) : ''}
      </span>
    </Dialog>
  );
}
