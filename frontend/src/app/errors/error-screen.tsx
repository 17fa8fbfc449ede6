import styled from '@emotion/styled';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { buttonStyles } from '../../components/ui/button';
import { Container } from '../../components/ui/layout';
import { theme } from '../../styles/theme';

const Box = styled(Container)`
  text-align: center;
  padding-block: 4rem;
  .code {
    font-size: clamp(4rem, 14vw, 8rem);
    font-weight: 700;
    line-height: 1;
    color: ${theme.color.primary};
    opacity: 0.85;
  }
`;

export interface ErrorScreenProps {
  code: string;
  titleId: string;
  bodyId?: string;
  action?: ReactNode;
}

export function ErrorScreen({ code, titleId, bodyId, action }: ErrorScreenProps) {
  return (
    <Box>
      <div className="code" aria-hidden="true">
        {code}
      </div>
      <h1>
        <FormattedMessage id={titleId} />
      </h1>
      {bodyId && (
        <p>
          <FormattedMessage id={bodyId} />
        </p>
      )}
      {action ?? (
        <Link to="/" css={buttonStyles('primary')}>
          <FormattedMessage id="error.backHome" />
        </Link>
      )}
    </Box>
  );
}
