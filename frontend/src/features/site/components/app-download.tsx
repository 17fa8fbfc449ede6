import styled from '@emotion/styled';
import { FormattedMessage, useIntl } from 'react-intl';
import { Container, Section } from '../../../components/ui/layout';
import { MOBILE_APP_ANCHOR } from '../../../config/paths';
import { STORE_LINKS } from '../../../config/site';
import { theme } from '../../../styles/theme';
import { StoreBadge } from './store-badge';

const Band = styled(Section)`
  background: ${theme.color.primaryLight};
  .grid {
    display: grid;
    gap: 2rem;
    align-items: center;
    ${theme.bp.md} {
      grid-template-columns: 3fr 2fr;
    }
  }
  .badges {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
  }
  ul {
    padding-inline-start: 1.2rem;
  }
`;

const Art = styled.svg`
  max-inline-size: 14rem;
  justify-self: center;
`;

const PhoneArt = ({ label }: { label: string }) => (
  <Art viewBox="0 0 200 260" role="img" aria-label={label}>
    <rect x="50" y="10" width="100" height="200" rx="16" fill="#0f172a" />
    <rect x="58" y="26" width="84" height="168" rx="8" fill="#ecfdf5" />
    <circle cx="100" cy="90" r="28" fill="#22c55e" />
    <path d="M104 70 90 94h10l-3 18 14-26h-10z" fill="#fff" />
    <rect x="70" y="136" width="60" height="10" rx="5" fill="#0f766e" />
    <rect x="78" y="154" width="44" height="8" rx="4" fill="#99f6e4" />
    <circle cx="160" cy="220" r="24" fill="#0f766e" opacity="0.15" />
  </Art>
);

export function AppDownload() {
  const intl = useIntl();
  return (
    <Band id={MOBILE_APP_ANCHOR} aria-labelledby="app-title">
      <Container className="grid">
        <div>
          <h2 id="app-title">
            <FormattedMessage id="home.app.title" />
          </h2>
          <p>
            <FormattedMessage id="home.app.body" />
          </p>
          <ul>
            <li>
              <FormattedMessage id="home.app.point1" />
            </li>
            <li>
              <FormattedMessage id="home.app.point2" />
            </li>
            <li>
              <FormattedMessage id="home.app.point3" />
            </li>
          </ul>
          <div className="badges">
            <StoreBadge store="apple" href={STORE_LINKS.apple} />
            <StoreBadge store="google" href={STORE_LINKS.google} />
          </div>
        </div>
        <PhoneArt label={intl.formatMessage({ id: 'home.app.imageAlt' })} />
      </Container>
    </Band>
  );
}
