// i18n-catalog: app — the customer area's card screens (and the profile's account).
import { FormattedMessage } from 'react-intl';
import { CUSTOMER_DEACTIVATION_REASON } from '@evc/contracts/cards';
import type { CardView } from '@evc/contracts/cards';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageTitle } from '../../../components/ui/layout';
import { useDeactivateOwnCard, useMyCards } from '../api/cards-api';
import { CardStatusChip, Facts, Head, Lines, Spacer, useCardDates, useConfirming, useQueryWait } from './card-ui';

/** Why a card is off, in words: the customer's own report is a code, staff write their reason. */
function StatusReason({ card }: { card: CardView }) {
  if (!card.statusReason || card.status === 'active') return null;
  return (
    <p>
      {card.statusReason === CUSTOMER_DEACTIVATION_REASON ? (
        <FormattedMessage id="cards.card.reportedLost" />
      ) : (
        <FormattedMessage id="cards.card.offBecause" values={{ reason: card.statusReason }} />
      )}
    </p>
  );
}

/**
 * The customer's charging cards: card ID, reference name, issue date and status; an active card can be turned off at
 * once when it is lost (chargers refuse it from then on). Exported for the profile's account too; `asPage` makes
 * its heading the page's title.
 */
export function MyCardsPanel({ asPage = false }: { asPage?: boolean }) {
  const dates = useCardDates();
  const cards = useMyCards();
  const deactivate = useDeactivateOwnCard();
  const wait = useQueryWait();
  const { confirming, setConfirming, outcome } = useConfirming<CardView>();
  if (cards.isPending || cards.isError) return wait(cards);
  const list = cards.data.dataList;
  const confirm = () => confirming && deactivate.mutate({ cardId: confirming.cardId }, outcome('cards.card.deactivated'));
  return (
    <section aria-labelledby="my-cards">
      {asPage ? (
        <PageTitle id="my-cards">
          <FormattedMessage id="cards.cards.title" />
        </PageTitle>
      ) : (
        <h2 id="my-cards">
          <FormattedMessage id="cards.cards.title" />
        </h2>
      )}
      {list.length === 0 ? (
        <p>
          <FormattedMessage id="cards.cards.empty" />
        </p>
      ) : (
        <Lines>
          {list.map((card) => (
            <li key={card.cardId} data-testid="my-card" data-card={card.cardId}>
              <Head>
                <strong>{card.referenceName}</strong>
                <CardStatusChip status={card.status} />
                <Spacer />
                {card.status === 'active' && (
                  <Button type="button" variant="secondary" onClick={() => setConfirming(card)}>
                    <FormattedMessage id="cards.card.deactivate" />
                  </Button>
                )}
              </Head>
              <Facts>
                <dt>
                  <FormattedMessage id="cards.card.id" />
                </dt>
                <dd>
                  <bdi dir="ltr">{card.cardId}</bdi>
                </dd>
                <dt>
                  <FormattedMessage id="cards.card.issueDate" />
                </dt>
                <dd>{dates.day(card.issueDate)}</dd>
              </Facts>
              <StatusReason card={card} />
            </li>
          ))}
        </Lines>
      )}
      {confirming && (
        <ConfirmDialog
          title={
            <FormattedMessage id="cards.card.deactivateQuestion" values={{ name: confirming.referenceName, cardId: confirming.cardId }} />
          }
          confirm={<FormattedMessage id="cards.card.deactivate" />}
          busy={deactivate.isPending}
          onConfirm={confirm}
          onCancel={() => setConfirming(null)}
        >
          <p>
            <FormattedMessage id="cards.card.deactivateWarning" />
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
