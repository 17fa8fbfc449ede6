import styled from '@emotion/styled';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { buttonStyles } from '../../../components/ui/button';
import { Card, Container, Muted, PageTitle, Section } from '../../../components/ui/layout';
import { paths } from '../../../config/paths';
import { isCustomer, sessionAtom } from '../../../stores/auth-state';

/** Long text reads in a narrower column than the site's width. */
const Reading = styled(Container)`
  max-inline-size: 52rem;
`;

const Actions = styled.p`
  display: flex;
  gap: 0.75rem;
  flex-wrap: wrap;
`;

/**
 * Public explanation of starting a charge. A signed-in customer is offered the start itself (by serial number or by
 * station); a visitor is offered sign-in; both can find a station on the map.
 */
export function ChargePage() {
  const session = useAtomValue(sessionAtom);
  const customer = isCustomer(session);
  return (
    <Section>
      <Reading>
        <PageTitle>
          <FormattedMessage id="charge.title" />
        </PageTitle>
        <Muted>
          <FormattedMessage id="charge.intro" />
        </Muted>
        <Card>
          <ol>
            <li>
              <FormattedMessage id="charge.step1" />
            </li>
            <li>
              <FormattedMessage id="charge.step2" />
            </li>
            <li>
              <FormattedMessage id="charge.step3" />
            </li>
            <li>
              <FormattedMessage id="charge.step4" />
            </li>
          </ol>
          <p>
            <FormattedMessage id={customer ? 'charge.customerNote' : 'charge.signInNote'} />
          </p>
          <Actions>
            {customer ? (
              <Link to={paths.customer.startCharging} css={buttonStyles('primary')}>
                <FormattedMessage id="charge.startNow" />
              </Link>
            ) : session ? null : (
              <Link to={paths.signInUp} css={buttonStyles('primary')}>
                <FormattedMessage id="nav.signIn" />
              </Link>
            )}
            <Link to={paths.stations} css={buttonStyles('secondary')}>
              <FormattedMessage id="home.hero.find" />
            </Link>
          </Actions>
        </Card>
      </Reading>
    </Section>
  );
}
