import { useEffect, useRef } from 'react';
import styled from '@emotion/styled';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { EGYPT_BOUNDS } from '@evc/contracts/shared';
import basemapUrl from 'virtual:evc/basemap-url';
import { SEA, drawBasemap, loadBasemap } from '../../../components/stations/offline-basemap';
import { useLocale } from '../../../hooks/use-locale';

export interface LocationMapProps {
  value: { lat: number; lng: number } | null;
  onPick: (point: { lat: number; lng: number }) => void;
  tileUrl: string | null;
  attribution: string | null;
  label: string;
}

const EGYPT_CENTRE: L.LatLngTuple = [26.8, 30.8];

// Behind tiles a light tone while they load; without tiles, the offline basemap's sea. The class is doubled:
// leaflet.css gives .leaflet-container a grey background with the same weight, and it loads later.
const MapBox = styled.div<{ tiles: boolean }>`
  block-size: 18rem;
  && {
    background: ${(p) => (p.tiles ? '#eef6f4' : SEA)};
  }
`;

/**
 * Leaflet (its own lazy chunk): click the map to set the station's marker; Egypt's box is outlined. Without a tile
 * URL the offline basemap of Egypt is drawn, so staff can place a station without tiles.
 */
export default function LocationMap({ value, onPick, tileUrl, attribution, label }: LocationMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.CircleMarker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const locale = useLocale();

  useEffect(() => {
    if (!element.current) return undefined;
    const m = L.map(element.current, {
      center: value ? [value.lat, value.lng] : EGYPT_CENTRE,
      zoom: value ? 12 : 5,
      scrollWheelZoom: false,
    });
    map.current = m;
    if (tileUrl) L.tileLayer(tileUrl, { attribution: attribution ?? '', maxZoom: 19 }).addTo(m);
    L.rectangle(
      [
        [EGYPT_BOUNDS.minLat, EGYPT_BOUNDS.minLng],
        [EGYPT_BOUNDS.maxLat, EGYPT_BOUNDS.maxLng],
      ],
      { color: '#0f766e', weight: 1, dashArray: '4 4', fill: false, interactive: false },
    ).addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => pick.current({ lat: Number(e.latlng.lat.toFixed(6)), lng: Number(e.latlng.lng.toFixed(6)) }));
    return () => {
      m.remove();
      map.current = null;
      marker.current = null;
    };
    // the map is created once per tile source; the marker follows `value` below
  }, [tileUrl, attribution]);

  useEffect(() => {
    const m = map.current;
    if (tileUrl || !m) return undefined;
    let drawn: L.LayerGroup | null = null;
    let cancelled = false;
    void loadBasemap(basemapUrl).then((basemap) => {
      if (!cancelled && basemap && map.current === m) drawn = drawBasemap(m, basemap, locale);
    });
    return () => {
      cancelled = true;
      drawn?.remove();
    };
  }, [tileUrl, locale]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (!value) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    const at: L.LatLngTuple = [value.lat, value.lng];
    if (marker.current) marker.current.setLatLng(at);
    else marker.current = L.circleMarker(at, { radius: 9, color: '#fff', weight: 2, fillColor: '#0f766e', fillOpacity: 1 }).addTo(m);
  }, [value]);

  return <MapBox ref={element} role="application" aria-label={label} tiles={Boolean(tileUrl)} />;
}
