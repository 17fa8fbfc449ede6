import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Card, Container, Muted } from '../../../components/ui/layout';
import { theme } from '../../../styles/theme';

const Page = styled(Container)`
  padding-block: 2.5rem;
  display: grid;
  justify-items: center;
`;

const Panel = styled(Card)`
  inline-size: min(34rem, 100%);
  display: grid;
  gap: 1rem;
  h1 {
    margin: 0;
    color: ${theme.color.primaryDark};
    font-size: clamp(1.5rem, 3vw, 2rem);
  }
`;

export const Row = styled.div`
  display: grid;
  gap: 1rem;
  ${theme.bp.md} {
    grid-template-columns: 1fr 1fr;
  }
`;

export const Notice = styled.div<{ tone?: 'success' | 'error' | 'info' }>`
  border-radius: ${theme.radius.sm};
  padding-block: 0.75rem;
  padding-inline: 1rem;
  background: ${(p) => (p.tone === 'error' ? theme.color.dangerLight : p.tone === 'success' ? theme.color.primaryLight : '#f1f5f9')};
  color: ${(p) => (p.tone === 'error' ? theme.color.danger : theme.color.ink)};
  p {
    margin: 0;
  }
`;

export const CheckRow = styled.label`
  display: flex;
  gap: 0.5rem;
  align-items: center;
  font-weight: 400;
`;

/** The centred card every auth screen sits in. */
export function AuthCard({ titleId, subtitleId, children }: { titleId: string; subtitleId?: string; children: ReactNode }) {
  return (
    <Page>
      <Panel>
        <h1>
          <FormattedMessage id={titleId} />
        </h1>
        {subtitleId && (
          <Muted>
            <FormattedMessage id={subtitleId} />
          </Muted>
        )}
        {children}
      </Panel>
    </Page>
  );
}
