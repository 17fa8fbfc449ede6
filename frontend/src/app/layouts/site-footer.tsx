import styled from '@emotion/styled';
import { FormattedMessage, useIntl } from 'react-intl';
import { Container } from '../../components/ui/layout';
import { theme } from '../../styles/theme';
import { useAtomValue } from 'jotai';
import { isStaff, sessionAtom } from '../../stores/auth-state';
import { accountNav, footerNavFor, signedInNav } from '../../config/nav-items';
import { NavLinkList } from '../../components/ui/nav-link-list';
import { OpeningHours } from '../../components/opening-hours';

const Foot = styled.footer`
  background: ${theme.color.ink};
  color: #cbd5e1;
  padding-block: 2.5rem 1.5rem;
  margin-block-start: 3rem;
  a {
    color: #e2e8f0;
  }
  ul {
    list-style: none;
    padding: 0;
    margin: 0;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr));
    gap: 0.4rem 1rem;
  }
  h2 {
    font-size: 1rem;
    color: #fff;
  }
`;

const Columns = styled.div`
  display: grid;
  gap: 2rem;
  ${theme.bp.md} {
    grid-template-columns: 2fr 1fr;
  }
`;

/** The year in Cairo. New Year falls in winter time (UTC+2), so no time-zone data is needed for it. */
const cairoYear = () => new Date(Date.now() + 2 * 3_600_000).getUTCFullYear();

export function SiteFooter() {
  const intl = useIntl();
  const session = useAtomValue(sessionAtom);
  return (
    <Foot>
      <Container>
        <Columns>
          <nav aria-label={intl.formatMessage({ id: 'nav.footer' })}>
            <NavLinkList items={footerNavFor(session ? signedInNav(isStaff(session)) : accountNav)} />
          </nav>
          <div>
            <OpeningHours />
          </div>
        </Columns>
        <p>
          <FormattedMessage id="footer.copyright" values={{ year: cairoYear() }} />
        </p>
      </Container>
    </Foot>
  );
}
