import styled from '@emotion/styled';
import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const Shell = styled.div`
  min-block-size: 100vh;
  display: flex;
  flex-direction: column;
  main {
    flex: 1;
  }
`;

const SkipLink = styled.a`
  position: absolute;
  inset-inline-start: 0.5rem;
  inset-block-start: -3rem;
  background: #fff;
  padding: 0.5rem 1rem;
  z-index: 3000;
  &:focus {
    inset-block-start: 0.5rem;
  }
`;

/** Header, main landmark and footer; renders the child route, or `children` (e.g. the 404 page). */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <Shell>
      <SkipLink href="#main">
        <FormattedMessage id="nav.skip" />
      </SkipLink>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
      <SiteFooter />
    </Shell>
  );
}
