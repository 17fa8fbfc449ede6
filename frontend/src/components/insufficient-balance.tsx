// i18n-catalog: app — shown only in the customer area (its route loads the app catalog first).
import { useState, type ReactNode } from 'react';
import styled from '@emotion/styled';
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { paths } from '../config/paths';
import { Button } from './ui/button';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
`;

/**
 * "You have insufficient balance, please recharge to use the chargers" with its actions: Pay now (the wallet's top-up
 * dialog, rendered by `topUp`) and Add card. The caller frames it (its alert box); the top-up dialog is a form of its
 * own, so this must not sit inside another form.
 */
export function InsufficientBalance({ topUp }: { topUp: (onClose: () => void) => ReactNode }) {
  const [paying, setPaying] = useState(false);
  return (
    <>
      <span>
        <FormattedMessage id="charging.insufficientBalance" />
      </span>
      <Actions>
        <Button type="button" onClick={() => setPaying(true)}>
          <FormattedMessage id="charging.payNow" />
        </Button>
        <Link to={paths.customer.cardRequest}>
          <FormattedMessage id="charging.addCard" />
        </Link>
      </Actions>
      {paying && topUp(() => setPaying(false))}
    </>
  );
}
