import styled from '@emotion/styled';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { Button } from './ui/button';
import { clearBrowserCaches } from '../lib/version-check';
import { newerVersionAtom } from '../stores/version-state';
import { theme } from '../styles/theme';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1rem;
  align-items: center;
  justify-content: center;
  padding-block: 0.5rem;
  padding-inline: 1rem;
  background: ${theme.color.primaryLight};
  color: ${theme.color.primaryDark};
  border-block-end: 1px solid ${theme.color.border};
  p {
    margin: 0;
    font-weight: 700;
  }
`;

/** Shown when the deployed version stayed newer than this page after one reload (lib/version-check.ts). */
export function UpdateBanner() {
  const latest = useAtomValue(newerVersionAtom);
  const queryClient = useQueryClient();
  if (!latest) return null;
  return (
    <Bar role="status" data-testid="update-banner">
      <p>
        <FormattedMessage id="version.available" />
      </p>
      <Button
        type="button"
        variant="secondary"
        onClick={() => void clearBrowserCaches(() => queryClient.clear()).finally(() => window.location.reload())}
      >
        <FormattedMessage id="version.reload" />
      </Button>
    </Bar>
  );
}
