import styled from '@emotion/styled';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { useCommand } from '../../../components/admin/admin-api';
import { useBilingual } from '../../../components/admin/admin-list';
import { Toolbar } from '../../../components/admin/admin-ui';
import { useProblemText } from '../../../components/admin/problems';
import { bareList } from '../../../components/ui/list-style';
import { useGovernorates } from '../../../hooks/use-reference-data';
import { api } from '../../../lib/api';
import { pushToastAtom } from '../../../stores/toast-state';

/** The query key of the caller's own subscriptions (not a live read model: only they change it). */
const SUBSCRIPTIONS = 'alert_subscriptions';

const Choices = styled.ul`
  ${bareList}
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  margin-block-end: 0.5rem;
`;

/** The staff member's own subscriptions: the stations and governorates whose alerts they are mailed. */
export function AlertSubscriptions({ stations }: { stations: { id: string; name: string }[] }) {
  const mine = useQuery({ queryKey: [SUBSCRIPTIONS], queryFn: ({ signal }) => api.query('me.alert-subscriptions', {}, { signal }) });
  return (
    <details>
      <summary>
        <FormattedMessage id="alerts.subscriptions" />
      </summary>
      {mine.data && <SubscriptionsForm key={JSON.stringify(mine.data)} initial={mine.data} stations={stations} />}
    </details>
  );
}

function SubscriptionsForm({
  initial,
  stations,
}: {
  initial: { stationIds: string[]; governorateIds: string[] };
  stations: { id: string; name: string }[];
}) {
  const intl = useIntl();
  const { name } = useBilingual();
  const governorates = useGovernorates();
  const [stationIds, setStationIds] = useState(initial.stationIds);
  const [governorateIds, setGovernorateIds] = useState(initial.governorateIds);
  const save = useCommand(SUBSCRIPTIONS, 'alerts.subscribe');
  const pushToast = useSetAtom(pushToastAtom);
  const problemText = useProblemText();
  const toggle = (list: string[], id: string, on: boolean) => (on ? [...list, id] : list.filter((x) => x !== id));
  const group = (legendId: string, items: { id: string; name: string }[], chosen: string[], set: (v: string[]) => void) => (
    <fieldset>
      <legend>
        <FormattedMessage id={legendId} />
      </legend>
      <Choices>
        {items.map((item) => (
          <li key={item.id}>
            <label>
              <input type="checkbox" checked={chosen.includes(item.id)} onChange={(e) => set(toggle(chosen, item.id, e.target.checked))} />{' '}
              {item.name}
            </label>
          </li>
        ))}
      </Choices>
    </fieldset>
  );
  const govs = (governorates.data?.dataList ?? []).map((g) => ({ id: g.governorateId, name: name(g.nameEn, g.nameAr) }));
  return (
    <div>
      <p>
        <FormattedMessage id="alerts.subscriptionsHint" />
      </p>
      {group('alerts.subscribedStations', stations, stationIds, setStationIds)}
      {group('alerts.subscribedGovernorates', govs, governorateIds, setGovernorateIds)}
      <Toolbar>
        <Button
          type="button"
          disabled={save.isPending}
          onClick={() =>
            save.mutate(
              { stationIds, governorateIds },
              {
                onSuccess: () => pushToast({ kind: 'success', text: intl.formatMessage({ id: 'alerts.subscriptionsSaved' }) }),
                onError: (error) => pushToast({ kind: 'error', text: problemText(error) }),
              },
            )
          }
        >
          <FormattedMessage id="alerts.saveSubscriptions" />
        </Button>
      </Toolbar>
    </div>
  );
}
