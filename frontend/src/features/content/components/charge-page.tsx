import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { buttonStyles } from '../../../components/ui/button';
import { Card, Container, Muted, PageTitle, Section } from '../../../components/ui/layout';
import { paths } from '../../../config/paths';

/** Public explanation of starting a charge; the signed-in start-session flow arrives in a later issue. */
export function ChargePage() {
  return (
    <Section>
      <Container style={{ maxInlineSize: '52rem' }}>
        <PageTitle>
          <FormattedMessage id="charge.title" />
        </PageTitle>
        <Muted>
          <FormattedMessage id="charge.intro" />
        </Muted>
        <Card>
          <ol>
            <li><FormattedMessage id="charge.step1" /></li>
            <li><FormattedMessage id="charge.step2" /></li>
            <li><FormattedMessage id="charge.step3" /></li>
            <li><FormattedMessage id="charge.step4" /></li>
          </ol>
          <p>
            <FormattedMessage id="charge.signInNote" />
          </p>
          <p style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
            <Link to={paths.signInUp} css={buttonStyles('primary')}>
              <FormattedMessage id="nav.signIn" />
            </Link>
            <Link to={paths.stations} css={buttonStyles('secondary')}>
              <FormattedMessage id="home.hero.find" />
            </Link>
          </p>
        </Card>
      </Container>
    </Section>
  );
}
