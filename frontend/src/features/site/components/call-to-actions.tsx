import styled from '@emotion/styled';
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { buttonStyles } from '../../../components/ui/button';
import { Card, Container, Section } from '../../../components/ui/layout';
import { ArrowIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { theme } from '../../../styles/theme';

const Pair = styled.div`
  display: grid;
  gap: 1.25rem;
  ${theme.bp.md} {
    grid-template-columns: 1fr 1fr;
  }
  h2 {
    color: ${theme.color.primaryDark};
  }
`;

/** The charging-card request and the site owners' survey (docs/rules.md §1). */
export function CallToActions() {
  return (
    <Section>
      <Container>
        <Pair>
          <Card as="section" aria-labelledby="card-title">
            <h2 id="card-title">
              <FormattedMessage id="home.card.title" />
            </h2>
            <p>
              <FormattedMessage id="home.card.body" />
            </p>
            <Link to={paths.customer.cardRequest} css={buttonStyles('primary')}>
              <FormattedMessage id="home.card.cta" /> <ArrowIcon />
            </Link>
          </Card>
          <Card as="section" aria-labelledby="survey-title">
            <h2 id="survey-title">
              <FormattedMessage id="home.survey.title" />
            </h2>
            <p>
              <FormattedMessage id="home.survey.body" />
            </p>
            <Link to={paths.contact} search={{ type: 'suggestion' }} css={buttonStyles('secondary')}>
              <FormattedMessage id="home.survey.cta" /> <ArrowIcon />
            </Link>
          </Card>
        </Pair>
      </Container>
    </Section>
  );
}
