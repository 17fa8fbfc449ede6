import styled from '@emotion/styled';
import { Suspense, lazy, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Container, Muted, Section } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { PinIcon } from '../../../components/ui/icons';
import { theme } from '../../../styles/theme';
import { useLocale } from '../../../hooks/use-locale';
import { useNearbyStations, type Point } from '../api/nearby';
import { useGovernorates } from '../../../hooks/use-reference-data';
import { useLiveUpdates } from '../../../hooks/use-live-updates';
import { useCurrentPosition } from '../../../hooks/use-current-position';
import { localName } from '../../../lib/station-status';
import { findGovernorate } from '../find-place';

const NearbyResults = lazy(() => import('./nearby-results'));

const Controls = styled.form`
  display: grid;
  gap: 0.75rem;
  align-items: end;
  ${theme.bp.md} {
    grid-template-columns: auto 1fr auto;
  }
  .or {
    text-align: center;
    color: ${theme.color.muted};
    align-self: center;
  }
`;

type Problem = 'geoDenied' | 'geoUnavailable' | 'placeNotFound' | null;

const ProblemText = styled.p`
  color: ${theme.color.danger};
`;

/** The nearest-station search: browser location, or a typed place matched to a governorate's centre. */
export function NearbySearch() {
  const intl = useIntl();
  const locale = useLocale();
  const [point, setPoint] = useState<Point | null>(null);
  const [place, setPlace] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const { locate, locating } = useCurrentPosition({
    onFound: (found) => (setProblem(null), setPoint(found)),
    onProblem: (why) => setProblem(why === 'denied' ? 'geoDenied' : 'geoUnavailable'),
  });
  const governorates = useGovernorates();
  const nearby = useNearbyStations(point);
  useLiveUpdates();

  const searchPlace = (e: FormEvent) => {
    e.preventDefault();
    const gov = findGovernorate(place, governorates.data?.dataList ?? []);
    if (!gov?.centre) return setProblem('placeNotFound');
    setProblem(null);
    setPoint(gov.centre);
  };

  const stations = nearby.data?.dataList ?? [];
  return (
    <Section id="find" aria-labelledby="find-title">
      <Container>
        <h2 id="find-title">
          <FormattedMessage id="home.nearby.title" />
        </h2>
        <Muted>
          <FormattedMessage id="home.nearby.intro" />
        </Muted>
        <Controls onSubmit={searchPlace}>
          <Button type="button" onClick={locate} disabled={locating}>
            <PinIcon /> <FormattedMessage id="home.nearby.useLocation" />
          </Button>
          <Field label={intl.formatMessage({ id: 'home.nearby.place' })}>
            <input
              type="search"
              list="governorate-names"
              value={place}
              onChange={(e) => setPlace(e.target.value)}
              placeholder={intl.formatMessage({ id: 'home.nearby.placeHint' })}
            />
          </Field>
          <datalist id="governorate-names">
            {governorates.data?.dataList.map((g) => (
              <option key={g.governorateId} value={localName(g, locale)} />
            ))}
          </datalist>
          <Button type="submit" variant="secondary">
            <FormattedMessage id="home.nearby.search" />
          </Button>
        </Controls>
        {problem && (
          <ProblemText role="alert">
            <FormattedMessage id={`home.nearby.${problem}`} />
          </ProblemText>
        )}
        {(locating || nearby.isFetching) && !nearby.isFetchingNextPage && <Spinner />}
        {nearby.isSuccess && (
          <Suspense fallback={<Spinner />}>
            <NearbyResults
              stations={stations}
              total={nearby.data.totalCount}
              hasMore={nearby.hasNextPage}
              loadingMore={nearby.isFetchingNextPage}
              onLoadMore={() => void nearby.fetchNextPage()}
            />
          </Suspense>
        )}
      </Container>
    </Section>
  );
}
