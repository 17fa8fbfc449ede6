import styled from '@emotion/styled';
import { useSearch } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { Card, Container, Muted, PageTitle, Section } from '../../../components/ui/layout';
import { theme } from '../../../styles/theme';
import { OpeningHours } from '../../../components/opening-hours';
import { ContactForm } from './contact-form';

const Columns = styled.div`
  display: grid;
  gap: 1.5rem;
  ${theme.bp.lg} {
    grid-template-columns: 2fr 1fr;
    align-items: start;
  }
`;

export function ContactPage() {
  const { type } = useSearch({ from: '/public/ContactUs' });
  return (
    <Section>
      <Container>
        <PageTitle id="contact-form-title">
          <FormattedMessage id="contact.title" />
        </PageTitle>
        <Muted>
          <FormattedMessage id="contact.intro" />
        </Muted>
        <Columns>
          <Card>
            <ContactForm initialType={type} />
          </Card>
          <Card as="aside">
            <OpeningHours />
          </Card>
        </Columns>
      </Container>
    </Section>
  );
}
