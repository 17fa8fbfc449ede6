import styled from '@emotion/styled';
import { Suspense, lazy, useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { StationView } from '@evc/contracts/network';
import { Spinner } from '../ui/spinner';
import { paths } from '../../config/paths';
import { theme } from '../../styles/theme';
import { useLocale } from '../../hooks/use-locale';
import { useClientConfig } from '../../hooks/use-reference-data';
import { localName } from '../../lib/station-status';

const LeafletMap = lazy(() => import('./leaflet-map'));

/** Below the map, never over it: Leaflet's zoom and attribution controls own its corners. */
const Note = styled.p`
  margin: 0.4rem 0 0;
  font-size: 0.9rem;
  color: ${theme.color.muted};
`;

const Frame = styled.div`
  position: relative;
  block-size: 22rem;
  border-radius: ${theme.radius.md};
  overflow: hidden;
  border: 1px solid ${theme.color.border};
  ${theme.bp.md} {
    block-size: 30rem;
  }
  .loading {
    display: grid;
    place-items: center;
    block-size: 100%;
  }
`;

export function StationMap({
  stations,
  onSelect,
  onPoint,
}: {
  stations: StationView[];
  onSelect: (id: string) => void;
  onPoint?: (point: { lat: number; lng: number }) => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const config = useClientConfig();
  const [fallback, setFallback] = useState(false);
  const onFallback = useCallback((f: boolean) => setFallback(f), []);
  const ready = config.isSuccess || config.isError;
  return (
    <div>
      <Frame role="region" aria-label={intl.formatMessage({ id: 'map.label' })}>
        {ready ? (
          <Suspense
            fallback={
              <div className="loading">
                <Spinner />
              </div>
            }
          >
            <LeafletMap
              stations={stations}
              locale={locale}
              tileUrl={config.data?.mapTileUrl ?? null}
              attribution={config.data?.mapAttribution ?? null}
              onSelect={onSelect}
              onPoint={onPoint}
              onFallback={onFallback}
              detailHref={(id) => `${paths.stations}?station=${encodeURIComponent(id)}`}
              labels={{
                name: (s) => localName(s, locale),
                available: (s) =>
                  intl.formatMessage(
                    { id: 'station.connectorsAvailable' },
                    {
                      available: s.availableConnectors,
                      total: s.totalConnectors,
                      availableText: intl.formatNumber(s.availableConnectors),
                      totalText: intl.formatNumber(s.totalConnectors),
                    },
                  ),
                details: intl.formatMessage({ id: 'station.details' }),
              }}
            />
          </Suspense>
        ) : (
          <div className="loading">
            <Spinner />
          </div>
        )}
      </Frame>
      {fallback && (
        <Note role="note">
          <FormattedMessage id="map.fallback" />
        </Note>
      )}
    </div>
  );
}
