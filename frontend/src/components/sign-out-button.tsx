import styled from '@emotion/styled';
import { useRouter } from '@tanstack/react-router';
import { useStore } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { signOut } from '../lib/session';

const Outline = styled.button`
  background: transparent;
  color: inherit;
  border: 1px solid currentColor;
  border-radius: 999px;
  padding-block: 0.3rem;
  padding-inline: 0.9rem;
  font: inherit;
  cursor: pointer;
`;

/** Leaves for `to` first (so no guarded screen flashes), then signs out. */
export function SignOutButton({ to, onClick }: { to: string; onClick?: () => void }) {
  const store = useStore();
  const router = useRouter();
  const onSignOut = () => {
    onClick?.();
    void router.navigate({ to }).then(() => signOut(store));
  };
  return (
    <Outline type="button" onClick={onSignOut}>
      <FormattedMessage id="auth.signOut" />
    </Outline>
  );
}
