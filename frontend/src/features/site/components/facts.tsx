import styled from '@emotion/styled';
import { FormattedMessage } from 'react-intl';
import { Container, Section } from '../../../components/ui/layout';
import { BoltIcon } from '../../../components/ui/icons';
import { theme } from '../../../styles/theme';

/** The network's marketing facts, shown on the landing page. */
const FACTS = ['points', 'founded', 'power', 'fast', 'cable', 'cars', 'hours', 'callCentre'] as const;

const List = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr));
  li {
    display: flex;
    gap: 0.75rem;
    align-items: start;
    background: ${theme.color.surface};
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.md};
    padding: 1rem;
  }
  svg {
    flex: none;
    color: ${theme.color.accentDark};
  }
`;

export function Facts() {
  return (
    <Section aria-labelledby="facts-title">
      <Container>
        <h2 id="facts-title">
          <FormattedMessage id="home.facts.title" />
        </h2>
        <List>
          {FACTS.map((fact) => (
            <li key={fact}>
              <BoltIcon />
              <span>
                <FormattedMessage id={`facts.${fact}`} />
              </span>
            </li>
          ))}
        </List>
      </Container>
    </Section>
  );
}
