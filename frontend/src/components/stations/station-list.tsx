import styled from '@emotion/styled';
import { FormattedMessage } from 'react-intl';
import type { PricingView, StationView } from '@evc/contracts/network';
import { StationCard } from './station-card';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
`;

export function StationList({ stations, pricing }: { stations: StationView[]; pricing?: PricingView }) {
  if (stations.length === 0) {
    return (
      <p>
        <FormattedMessage id="stations.empty" />
      </p>
    );
  }
  return (
    <List>
      {stations.map((s) => (
        <StationCard key={s.stationId} station={s} pricing={pricing} />
      ))}
    </List>
  );
}
