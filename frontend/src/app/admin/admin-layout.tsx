import styled from '@emotion/styled';
import { Outlet } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { paths } from '../../config/paths';
import { displayName, hasPrivilege, sessionAtom } from '../../stores/auth-state';
import { SignOutButton } from '../../components/sign-out-button';
import { theme } from '../../styles/theme';
import { LanguageSwitcher } from '../../components/ui/language-switcher';
import { Logo } from '../../components/ui/logo';
import { NavLinkList } from '../../components/ui/nav-link-list';
import { adminNav } from './admin-nav';
import { useHeaderBlockSize } from '../../hooks/use-header-block-size';

const Shell = styled.div`
  min-block-size: 100vh;
  display: grid;
  grid-template-rows: auto 1fr;
  /* the columns never grow past the window for a wide table: it scrolls inside its own box */
  grid-template-columns: minmax(0, 1fr);
  main {
    min-inline-size: 0;
  }
  ${theme.bp.lg} {
    grid-template-columns: 16rem minmax(0, 1fr);
    grid-template-rows: auto 1fr;
    header {
      grid-column: 1 / -1;
    }
  }
`;

const Top = styled.header`
  display: flex;
  align-items: center;
  gap: 1rem;
  padding-block: 0.75rem;
  padding-inline: 1.25rem;
  background: ${theme.color.ink};
  color: #f1f5f9;
  .tag {
    font-size: 0.85rem;
    opacity: 0.8;
  }
  .switch {
    margin-inline-start: auto;
    display: flex;
    align-items: center;
    gap: 0.75rem;
    flex-wrap: wrap;
  }
`;

const Side = styled.nav`
  background: #fff;
  border-inline-end: 1px solid ${theme.color.border};
  padding: 1rem;
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.15rem;
  }
  a {
    display: block;
    padding-block: 0.45rem;
    padding-inline: 0.75rem;
    border-radius: ${theme.radius.sm};
    text-decoration: none;
    color: ${theme.color.ink};
  }
  a[aria-current='page'] {
    background: ${theme.color.primaryLight};
    color: ${theme.color.primaryDark};
    font-weight: 700;
  }
`;

/** Staff admin panel under /admin: the signed-in admin, sign-out, and the screens their privileges allow. */
export function AdminLayout() {
  const intl = useIntl();
  const session = useAtomValue(sessionAtom);
  const top = useHeaderBlockSize<HTMLElement>();
  const items = adminNav.filter((item) => !item.privilege || hasPrivilege(session, item.privilege));
  return (
    <Shell>
      <Top ref={top}>
        <Logo />
        <span className="tag">
          <FormattedMessage id="admin.panel" />
        </span>
        <span className="switch">
          <span data-testid="admin-name">{displayName(session)}</span>
          <SignOutButton to={paths.signIn} />
          <LanguageSwitcher />
        </span>
      </Top>
      <Side aria-label={intl.formatMessage({ id: 'admin.nav' })}>
        <NavLinkList items={items} />
      </Side>
      <main id="main">
        <Outlet />
      </main>
    </Shell>
  );
}
