import styled from '@emotion/styled';
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { buttonStyles } from '../../../components/ui/button';
import { Container, Muted, PageTitle, Section } from '../../../components/ui/layout';
import { paths } from '../../../config/paths';
import { HowItWorksSteps } from './how-it-works-steps';

const Action = styled.p`
  margin-block-start: 2rem;
`;

export function HowItWorksPage() {
  return (
    <Section>
      <Container>
        <PageTitle>
          <FormattedMessage id="how.title" />
        </PageTitle>
        <Muted>
          <FormattedMessage id="how.intro" />
        </Muted>
        <HowItWorksSteps />
        <Action>
          <Link to={paths.stations} css={buttonStyles('primary')}>
            <FormattedMessage id="home.hero.find" />
          </Link>
        </Action>
      </Container>
    </Section>
  );
}
