import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { buttonStyles } from '../../../components/ui/button';
import { Container, Muted, PageTitle, Section } from '../../../components/ui/layout';
import { paths } from '../../../config/paths';
import { HowItWorksSteps } from './how-it-works-steps';

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
        <p style={{ marginBlockStart: '2rem' }}>
          <Link to={paths.stations} css={buttonStyles('primary')}>
            <FormattedMessage id="home.hero.find" />
          </Link>
        </p>
      </Container>
    </Section>
  );
}
