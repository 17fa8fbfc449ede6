import styled from '@emotion/styled';
import { useMatches } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { Container } from '../../../components/ui/layout';
import { theme } from '../../../styles/theme';

const Box = styled(Container)`
  padding-block: 3rem;
  .badge {
    display: inline-block;
    background: ${theme.color.primaryLight};
    color: ${theme.color.primaryDark};
    border-radius: 999px;
    padding-inline: 0.9rem;
    font-weight: 700;
    margin-block-end: 1rem;
  }
`;

/** Placeholder for screens built in later issues; the title comes from the route's staticData. */
export function ComingSoon() {
  const matches = useMatches();
  const titleId = matches[matches.length - 1]?.staticData.titleId ?? 'placeholder.page';
  return (
    <Box>
      <span className="badge">
        <FormattedMessage id="placeholder.badge" />
      </span>
      <h1>
        <FormattedMessage id={titleId} />
      </h1>
      <p>
        <FormattedMessage id="placeholder.body" />
      </p>
    </Box>
  );
}
