import styled from '@emotion/styled';
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { buttonStyles } from '../../../components/ui/button';
import { Container } from '../../../components/ui/layout';
import { ArrowIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { theme } from '../../../styles/theme';

const Band = styled.section`
  background:
    radial-gradient(circle at 85% 20%, rgb(34 197 94 / 35%), transparent 45%), linear-gradient(160deg, ${theme.color.primaryDark}, #064e3b);
  color: #ecfdf5;
  padding-block: 3.5rem 4rem;
  h1 {
    font-size: clamp(2rem, 6vw, 3.4rem);
    max-inline-size: 20ch;
  }
  p {
    font-size: 1.15rem;
    max-inline-size: 46ch;
    opacity: 0.92;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
  }
  .actions a:first-of-type {
    background: ${theme.color.accent};
    border-color: ${theme.color.accent};
    color: #052e16;
  }
`;

export function Hero() {
  return (
    <Band aria-labelledby="hero-title">
      <Container>
        <h1 id="hero-title">
          <FormattedMessage id="home.hero.title" />
        </h1>
        <p>
          <FormattedMessage id="home.hero.subtitle" />
        </p>
        <div className="actions">
          <a href="#find" css={buttonStyles('primary')}>
            <FormattedMessage id="home.hero.find" /> <ArrowIcon />
          </a>
          <Link to={paths.customer.cardRequest} css={buttonStyles('ghost')}>
            <FormattedMessage id="home.card.cta" />
          </Link>
        </div>
      </Container>
    </Band>
  );
}
