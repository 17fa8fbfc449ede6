import styled from '@emotion/styled';
import { FormattedMessage } from 'react-intl';
import { Container, Muted, PageTitle, Section } from '../../../components/ui/layout';

/** Terms of use and privacy notice; sections are numbered in the catalogs (terms.s1 … terms.s10). */
const TERMS = ['s1', 's2', 's3', 's4', 's5', 's6'] as const;
const PRIVACY = ['s7', 's8', 's9', 's10'] as const;

/** Long text reads in a narrower column than the site's width. */
const Reading = styled(Container)`
  max-inline-size: 52rem;
`;

const Block = ({ id }: { id: string }) => (
  <section>
    <h3>
      <FormattedMessage id={`terms.${id}.title`} />
    </h3>
    <p>
      <FormattedMessage id={`terms.${id}.body`} />
    </p>
  </section>
);

export function TermsPage() {
  return (
    <Section>
      <Reading>
        <PageTitle>
          <FormattedMessage id="terms.title" />
        </PageTitle>
        <Muted>
          <FormattedMessage id="terms.updated" />
        </Muted>
        <h2>
          <FormattedMessage id="terms.termsHeading" />
        </h2>
        {TERMS.map((id) => (
          <Block key={id} id={id} />
        ))}
        <h2>
          <FormattedMessage id="terms.privacyHeading" />
        </h2>
        {PRIVACY.map((id) => (
          <Block key={id} id={id} />
        ))}
      </Reading>
    </Section>
  );
}
