import styled from '@emotion/styled';
import { Suspense, lazy, useState } from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { paths } from '../../config/paths';
import { displayName, isCustomer, isStaff, sessionAtom } from '../../stores/auth-state';
import { SignOutButton } from '../../components/sign-out-button';
import { Container } from '../../components/ui/layout';
import { theme } from '../../styles/theme';
import { LanguageSwitcher } from '../../components/ui/language-switcher';
import { accountNav, mainNav, signedInNav } from '../../config/nav-items';
import { Logo } from '../../components/ui/logo';
import { NavLinkList } from '../../components/ui/nav-link-list';
import { notificationCountAtom } from '../../stores/notification-count';
import { useHeaderBlockSize } from '../../hooks/use-header-block-size';

/** Signed-in customers only: keeps the notification count on the server's unseen count (its own lazy chunk). */
const NotificationCountSync = lazy(() => import('../../features/charging/components/notification-count-sync'));

/**
 * From a laptop's 1024 px the links are in the header: the main links beside the logo, then the account links with
 * the language switch (together on a second line, at the end, when the words are too long for one).
 * Below that, the menu button shows them.
 */
const wide = '@media (min-width: 64rem)';

const Bar = styled.header`
  position: sticky;
  inset-block-start: 0;
  z-index: 1000;
  background: ${theme.color.primaryDark};
  color: #ecfdf5;
  box-shadow: 0 2px 10px rgb(0 0 0 / 15%);
`;

const Row = styled(Container)`
  max-inline-size: 92rem;
  display: flex;
  align-items: center;
  gap: 1rem;
  min-block-size: 4rem;
  flex-wrap: wrap;
`;

const MenuToggle = styled.button`
  margin-inline-start: auto;
  background: transparent;
  color: inherit;
  border: 1px solid currentColor;
  border-radius: ${theme.radius.sm};
  padding-block: 0.35rem;
  padding-inline: 0.75rem;
  font: inherit;
  ${wide} {
    display: none;
  }
`;

const Nav = styled.nav<{ open: boolean }>`
  display: ${(p) => (p.open ? 'flex' : 'none')};
  flex-direction: column;
  inline-size: 100%;
  gap: 0.5rem;
  padding-block-end: 1rem;
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
  }
  a {
    color: inherit;
    text-decoration: none;
    display: block;
    padding-block: 0.4rem;
    padding-inline: 0.6rem;
    border-radius: ${theme.radius.sm};
  }
  a:hover,
  a[aria-current='page'] {
    background: rgb(255 255 255 / 14%);
  }
  ${wide} {
    a {
      white-space: nowrap;
      padding-inline: 0.45rem;
      font-size: 0.95rem;
    }
    display: flex;
    flex-direction: row;
    flex-wrap: wrap;
    align-items: center;
    justify-content: flex-end;
    row-gap: 0.25rem;
    inline-size: auto;
    flex: 1;
    padding-block: 0.5rem;
    ul {
      flex-direction: row;
      gap: 0;
    }
    > ul {
      margin-inline-end: auto;
    }
  }
  .account {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
  }
  .who {
    font-weight: 700;
    padding-inline: 0.6rem;
  }
  .badge {
    display: inline-block;
    margin-inline-start: 0.35rem;
    padding-inline: 0.45rem;
    border-radius: 999px;
    background: ${theme.color.focus};
    color: ${theme.color.ink};
    font-size: 0.8rem;
    font-weight: 700;
  }
`;

export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const intl = useIntl();
  const close = () => setOpen(false);
  const session = useAtomValue(sessionAtom);
  const unseen = useAtomValue(notificationCountAtom);
  const bar = useHeaderBlockSize<HTMLElement>();
  const accountItems = signedInNav(isStaff(session)).map((item) => (item.to === paths.notifications ? { ...item, badge: unseen } : item));
  return (
    <Bar ref={bar}>
      <Row>
        <Logo />
        <MenuToggle type="button" aria-expanded={open} aria-controls="site-nav" onClick={() => setOpen(!open)}>
          <FormattedMessage id="nav.menu" />
        </MenuToggle>
        <Nav id="site-nav" open={open} aria-label={intl.formatMessage({ id: 'nav.main' })}>
          <NavLinkList items={mainNav} onNavigate={close} />
          <div className="account">
            {session ? (
              <>
                <span className="who">{displayName(session)}</span>
                <NavLinkList items={accountItems} onNavigate={close} />
                {isCustomer(session) && (
                  <Suspense fallback={null}>
                    <NotificationCountSync />
                  </Suspense>
                )}
                <SignOutButton to={paths.home} onClick={close} />
              </>
            ) : (
              <NavLinkList items={accountNav} onNavigate={close} />
            )}
            <LanguageSwitcher />
          </div>
        </Nav>
      </Row>
    </Bar>
  );
}
