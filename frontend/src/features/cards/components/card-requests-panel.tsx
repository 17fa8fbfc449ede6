// i18n-catalog: app — the customer area's card screens (and the profile's requests tab).
import { FormattedMessage, useIntl } from 'react-intl';
import { isCancellableCardRequest, type CardRequestView } from '@evc/contracts/cards';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useLocale } from '../../../hooks/use-locale';
import { useCancelCardRequest, useMyCardRequests } from '../api/cards-api';
import { Facts, Head, Lines, Notice, RequestStatusChip, Spacer, useCardDates, useConfirming, useQueryWait } from './card-ui';

/** The customer may cancel while the request is new or waits for them. */
export const cancellable = (r: Pick<CardRequestView, 'status'>) => isCancellableCardRequest(r.status);

function RequestLine({ request, onCancel }: { request: CardRequestView; onCancel: (r: CardRequestView) => void }) {
  const intl = useIntl();
  const locale = useLocale();
  const dates = useCardDates();
  const governorate = locale === 'ar' ? request.governorateNameAr : request.governorateNameEn;
  return (
    <li data-testid="card-request" data-request={request.requestId}>
      <Head>
        <strong>{request.referenceName}</strong>
        <RequestStatusChip status={request.status} kind={request.kind} />
        <Spacer />
        {cancellable(request) && (
          <Button type="button" variant="secondary" onClick={() => onCancel(request)}>
            <FormattedMessage id="cards.request.cancel" />
          </Button>
        )}
      </Head>
      {request.note && (request.status === 'needs_action' || request.status === 'rejected') && (
        <Notice role="status">
          <FormattedMessage
            id={request.status === 'rejected' ? 'cards.request.rejectedBecause' : 'cards.request.needsActionNote'}
            values={{ note: request.note }}
          />
        </Notice>
      )}
      <Facts>
        <dt>
          <FormattedMessage id="cards.request.id" />
        </dt>
        <dd>
          <bdi dir="ltr">{request.requestId}</bdi>
        </dd>
        <dt>
          <FormattedMessage id="cards.request.created" />
        </dt>
        <dd>
          <time dateTime={request.createdAt}>{dates.dateTime(request.createdAt)}</time>
        </dd>
        <dt>
          <FormattedMessage id="cards.request.kind" />
        </dt>
        <dd>
          <FormattedMessage id={`cards.kind.${request.kind}`} />
        </dd>
        {request.deliveryAddress && (
          <>
            <dt>
              <FormattedMessage id="cards.request.deliveryAddress" />
            </dt>
            <dd>{[request.deliveryAddress, governorate].filter(Boolean).join(intl.formatMessage({ id: 'cards.listSeparator' }))}</dd>
          </>
        )}
        {request.cardId && (
          <>
            <dt>
              <FormattedMessage id="cards.card.id" />
            </dt>
            <dd>
              <bdi dir="ltr">{request.cardId}</bdi>
            </dd>
          </>
        )}
      </Facts>
      <details>
        <summary>
          <FormattedMessage id="cards.request.history" />
        </summary>
        <ol>
          {request.timeline.map((step, i) => (
            <li key={i}>
              <time dateTime={step.at}>{dates.dateTime(step.at)}</time> ·{' '}
              <FormattedMessage
                id={request.kind === 'link' && step.status === 'delivered' ? 'cards.status.verified' : `cards.status.${step.status}`}
              />
              {step.note ? ` · ${step.note}` : ''}
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}

/**
 * The customer's card requests, newest first: id, created date (Cairo time), status, the note staff left, the history,
 * and Cancel while a request is new or needs action. Exported for the profile's "requests" tab too.
 */
export function CardRequestsPanel() {
  const requests = useMyCardRequests();
  const cancel = useCancelCardRequest();
  const wait = useQueryWait();
  const { confirming, setConfirming, outcome } = useConfirming<CardRequestView>();
  if (requests.isPending || requests.isError) return wait(requests);
  const list = requests.data.dataList;
  const confirm = () => confirming && cancel.mutate({ requestId: confirming.requestId }, outcome('cards.request.canceled'));
  return (
    <section aria-labelledby="my-card-requests">
      <h2 id="my-card-requests">
        <FormattedMessage id="cards.requests.title" />
      </h2>
      {list.length === 0 ? (
        <p>
          <FormattedMessage id="cards.requests.empty" />
        </p>
      ) : (
        <Lines>
          {list.map((r) => (
            <RequestLine key={r.requestId} request={r} onCancel={setConfirming} />
          ))}
        </Lines>
      )}
      {confirming && (
        <ConfirmDialog
          title={<FormattedMessage id="cards.request.cancelQuestion" values={{ name: confirming.referenceName }} />}
          confirm={<FormattedMessage id="cards.request.cancel" />}
          busy={cancel.isPending}
          onConfirm={confirm}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
