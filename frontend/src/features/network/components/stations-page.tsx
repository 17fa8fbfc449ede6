import styled from '@emotion/styled';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { Container, Muted, PageTitle, Section } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { theme } from '../../../styles/theme';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { usePricing } from '../../../hooks/use-reference-data';
import { STATIONS_PAGE_SIZE, useStations } from '../api/stations';
import { useLiveUpdates } from '../../../hooks/use-live-updates';
import type { StationSearch } from '../station-search';
import { Pager } from '../../../components/ui/pager';
import { StationDetail } from './station-detail';
import { StationFilters } from './station-filters';
import { StationList } from '../../../components/stations/station-list';
import { StationMap } from '../../../components/stations/station-map';

const Layout = styled.div`
  display: grid;
  .map {
    display: grid;
    gap: 1rem;
  }
  gap: 1.5rem;
  margin-block-start: 1.5rem;
  ${theme.bp.lg} {
    grid-template-columns: 1fr 1fr;
    align-items: start;
    .map {
      position: sticky;
      inset-block-start: 5rem;
      max-block-size: calc(100vh - 6rem);
      overflow-y: auto;
    }
  }
`;

export function StationsPage() {
  const intl = useIntl();
  const search = useSearch({ from: '/public/ChargingStations' });
  const navigate = useNavigate({ from: paths.stations });
  const stations = useStations(search);
  const pricing = usePricing();
  useLiveUpdates();

  // merge into the latest search, so quick successive changes do not overwrite each other
  const go = (patch: Partial<StationSearch>) =>
    void navigate({ search: (prev: StationSearch) => ({ ...prev, ...patch }), resetScroll: false });
  const total = stations.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / STATIONS_PAGE_SIZE));
  const list = stations.data?.dataList ?? [];

  return (
    <Section>
      <Container>
        <PageTitle>
          <FormattedMessage id="stations.title" />
        </PageTitle>
        <Muted>
          <FormattedMessage id="stations.intro" />
        </Muted>
        <StationFilters value={search} onChange={go} />
        <Layout>
          {/* the map stays while a station's details are open, and so do the filters (they live in the URL) */}
          <div className="map">
            <StationMap stations={list} onSelect={(id) => go({ station: id })} />
            {search.station && <StationDetail key={search.station} stationId={search.station} onClose={() => go({ station: undefined })} />}
          </div>
          <div>
            <p aria-live="polite">
              <FormattedMessage id="stations.count" values={{ count: total }} />
            </p>
            {stations.isPending && <Spinner />}
            {stations.isError && (
              <p role="alert">
                {translateErrorCode(intl, stations.error instanceof ApiRequestError ? stations.error.code : 'server.error')}
              </p>
            )}
            {stations.isSuccess && <StationList stations={list} pricing={pricing.data} />}
            <Pager page={search.page ?? 1} pages={pages} onPage={(p) => go({ page: p > 1 ? p : undefined })} />
          </div>
        </Layout>
      </Container>
    </Section>
  );
}
