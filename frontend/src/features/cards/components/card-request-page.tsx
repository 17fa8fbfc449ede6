// i18n-catalog: app — the customer area's card request page.
import { useState } from 'react';
import styled from '@emotion/styled';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { OPEN_CARD_REQUEST_STATUSES } from '@evc/contracts/cards';
import { TabButton } from '../../../components/ui/button';
import { Card, PageTitle } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useMyCardRequests } from '../api/cards-api';
import { CardRequestsPanel } from './card-requests-panel';
import { LinkCardForm, RequestCardForm, type RequestDefaults } from './card-request-forms';
import { Notice, Stack } from './card-ui';

const MODES = ['new', 'link'] as const;

const Modes = styled.div`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
  margin-block-end: 1rem;
`;

/**
 * The card request page (paths.customer.cardRequest; the landing page's and footer's "Request a charging card" lead
 * here through sign-in): a new card delivered or a card already held to link, one open request at a time, then the
 * customer's requests with their status.
 */
export function CardRequestPage() {
  const intl = useIntl();
  const requests = useMyCardRequests();
  const [mode, setMode] = useState<(typeof MODES)[number]>('new');
  const list = requests.data?.dataList ?? [];
  const open = list.find((r) => (OPEN_CARD_REQUEST_STATUSES as readonly string[]).includes(r.status));
  const last = list.find((r) => r.kind === 'new');
  const defaults: RequestDefaults = {
    phone: list[0]?.phone ?? '',
    homeAddress: last?.homeAddress ?? '',
    governorateId: last?.governorateId ?? '',
  };

  return (
    <Stack>
      <PageTitle>
        <FormattedMessage id="nav.cardRequest" />
      </PageTitle>
      {requests.isPending ? (
        <Spinner />
      ) : open ? (
        <Notice role="status">
          <FormattedMessage id="cards.form.oneOpen" />
        </Notice>
      ) : (
        <Card>
          <Modes role="tablist" aria-label={intl.formatMessage({ id: 'cards.form.modes' })}>
            {MODES.map((m) => (
              <TabButton key={m} selected={mode === m} onClick={() => setMode(m)}>
                <FormattedMessage id={`cards.form.mode.${m}`} />
              </TabButton>
            ))}
          </Modes>
          {mode === 'new' ? <RequestCardForm key="new" defaults={defaults} /> : <LinkCardForm key="link" defaults={defaults} />}
        </Card>
      )}
      <CardRequestsPanel />
      <p>
        <Link to={paths.customer.cards}>
          <FormattedMessage id="cards.cards.goTo" />
        </Link>
      </p>
    </Stack>
  );
}
