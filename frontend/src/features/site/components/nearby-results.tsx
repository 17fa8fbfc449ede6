import styled from '@emotion/styled';
import { useNavigate } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import type { StationView } from '@evc/contracts/network';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { theme } from '../../../styles/theme';
import { usePricing } from '../../../hooks/use-reference-data';
import { StationList } from '../../../components/stations/station-list';
import { StationMap } from '../../../components/stations/station-map';

const Results = styled.div`
  display: grid;
  gap: 1.5rem;
  margin-block-start: 1.5rem;
  ${theme.bp.lg} {
    grid-template-columns: 1fr 1fr;
    align-items: start;
  }
`;

const LoadMore = styled(Button)`
  margin-block-start: 1rem;
`;

interface Props {
  stations: StationView[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** Map and list of nearby stations; a separate chunk, loaded once a search has results. */
export default function NearbyResults({ stations, total, hasMore, loadingMore, onLoadMore }: Props) {
  const navigate = useNavigate();
  const pricing = usePricing();
  return (
    <Results>
      <StationMap stations={stations} onSelect={(id) => void navigate({ to: paths.stations, search: { station: id } })} />
      <div>
        <p aria-live="polite">
          <FormattedMessage id="home.nearby.found" values={{ shown: stations.length, total }} />
        </p>
        <StationList stations={stations} pricing={pricing.data} />
        {hasMore && (
          <LoadMore type="button" variant="secondary" disabled={loadingMore} onClick={onLoadMore}>
            <FormattedMessage id="home.nearby.loadMore" />
          </LoadMore>
        )}
      </div>
    </Results>
  );
}
