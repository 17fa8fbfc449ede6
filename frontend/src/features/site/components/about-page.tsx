import { FormattedMessage } from 'react-intl';
import { Card, Container, Grid, PageTitle, Section } from '../../../components/ui/layout';

const SECTIONS = ['mission', 'network', 'chargers', 'service'] as const;

export function AboutPage() {
  return (
    <Section>
      <Container>
        <PageTitle>
          <FormattedMessage id="about.title" />
        </PageTitle>
        <p>
          <FormattedMessage id="about.intro" />
        </p>
        <Grid min="16rem">
          {SECTIONS.map((s) => (
            <Card as="section" key={s}>
              <h2>
                <FormattedMessage id={`about.${s}.title`} />
              </h2>
              <p>
                <FormattedMessage id={`about.${s}.body`} />
              </p>
            </Card>
          ))}
        </Grid>
      </Container>
    </Section>
  );
}
