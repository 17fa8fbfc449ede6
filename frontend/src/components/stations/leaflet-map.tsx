import { useEffect, useRef, useState } from 'react';
import styled from '@emotion/styled';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { StationView } from '@evc/contracts/network';
import type { Locale } from '@evc/contracts/shared';
import basemapUrl from 'virtual:evc/basemap-url';
import { stationAvailability } from '../../lib/station-status';
import { availabilityColor } from './availability-badge';
import { SEA, drawBasemap, loadBasemap } from './offline-basemap';

export interface MarkerLabels {
  name: (s: StationView) => string;
  available: (s: StationView) => string;
  details: string;
}

export interface LeafletMapProps {
  stations: StationView[];
  /** The language of the basemap's place names. */
  locale: Locale;
  tileUrl: string | null;
  attribution: string | null;
  labels: MarkerLabels;
  onSelect: (stationId: string) => void;
  detailHref: (stationId: string) => string;
  /** Called with true when tiles are missing or fail, so the caller can show its note. */
  onFallback: (fallback: boolean) => void;
  /** A click on the map itself (not a marker): the point, e.g. to find the stations nearest to it. */
  onPoint?: (point: { lat: number; lng: number }) => void;
}

const EGYPT_CENTRE: L.LatLngTuple = [26.8, 30.8];

function popupContent(station: StationView, props: LeafletMapProps): HTMLElement {
  const box = document.createElement('div');
  const name = document.createElement('strong');
  name.textContent = props.labels.name(station);
  const available = document.createElement('div');
  available.textContent = props.labels.available(station);
  const link = document.createElement('a');
  link.href = props.detailHref(station.stationId);
  link.textContent = props.labels.details;
  link.addEventListener('click', (e) => {
    e.preventDefault();
    props.onSelect(station.stationId);
  });
  box.append(name, available, link);
  return box;
}

// Behind the offline basemap the box is its sea; behind tiles, a light tone while they load. The class is doubled:
// leaflet.css gives .leaflet-container a grey background with the same weight, and it loads later.
const MapBox = styled.div<{ offline: boolean }>`
  block-size: 100%;
  min-block-size: 320px;
  && {
    background: ${(p) => (p.offline ? SEA : '#dbeae6')};
  }
`;

/**
 * Leaflet lives in this lazily loaded chunk only. Without tiles (none configured, or they fail) it draws the offline
 * basemap of Egypt under the markers: land, coast and borders, the governorates, the Nile and the main cities.
 */
export default function LeafletMap(props: LeafletMapProps) {
  const { stations, tileUrl, attribution, onFallback, locale } = props;
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const [tilesFailed, setTilesFailed] = useState(false);
  const fallback = !tileUrl || tilesFailed;

  const [basemapDrawn, setBasemapDrawn] = useState(false);
  useEffect(() => onFallback(fallback), [fallback, onFallback]);

  useEffect(() => {
    if (!element.current) return;
    const m = L.map(element.current, { center: EGYPT_CENTRE, zoom: 5, scrollWheelZoom: false });
    map.current = m;
    layer.current = L.layerGroup().addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => propsRef.current.onPoint?.({ lat: e.latlng.lat, lng: e.latlng.lng }));
    let tiles: L.TileLayer | null = null;
    if (tileUrl) {
      tiles = L.tileLayer(tileUrl, { attribution: attribution ?? '', maxZoom: 19 });
      tiles.once('tileerror', () => {
        tiles?.remove();
        setTilesFailed(true);
      });
      tiles.addTo(m);
    }
    return () => {
      m.remove();
      map.current = null;
    };
  }, [tileUrl, attribution]);

  // after the map exists (the effect above); drawn again when the language changes
  useEffect(() => {
    const m = map.current;
    if (!fallback || !m) return undefined;
    let drawn: L.LayerGroup | null = null;
    let cancelled = false;
    void loadBasemap(basemapUrl).then((basemap) => {
      if (cancelled || !basemap || map.current !== m) return;
      drawn = drawBasemap(m, basemap, locale);
      setBasemapDrawn(true);
    });
    return () => {
      cancelled = true;
      drawn?.remove();
      setBasemapDrawn(false);
    };
  }, [fallback, locale, tileUrl]);

  useEffect(() => {
    const m = map.current;
    const group = layer.current;
    if (!m || !group) return;
    group.clearLayers();
    const points: L.LatLngTuple[] = [];
    for (const station of stations) {
      const at: L.LatLngTuple = [station.location.lat, station.location.lng];
      points.push(at);
      L.circleMarker(at, {
        radius: 9,
        color: '#ffffff',
        weight: 2,
        fillColor: availabilityColor[stationAvailability(station)],
        fillOpacity: 1,
      })
        .bindPopup(() => popupContent(station, propsRef.current))
        .addTo(group);
    }
    if (points.length > 0) {
      const bounds = L.latLngBounds(points);
      // Not animated: a page left during Leaflet's zoom animation removed the map under its pending transition
      // handler, which then threw "reading 'classList'" on the next page (seen once in the bookings journey).
      m.fitBounds(bounds.pad(0.15), { maxZoom: 13, animate: false });
    }
  }, [stations, fallback]);

  return <MapBox ref={element} data-fallback={fallback} data-basemap={basemapDrawn ? 'drawn' : undefined} offline={fallback} />;
}
