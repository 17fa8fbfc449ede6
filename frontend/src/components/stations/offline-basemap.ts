import L from 'leaflet';
import type { Locale } from '@evc/contracts/shared';
import type { Basemap } from './basemap-data';

const COLOURS = {
  land: '#ece8df',
  egypt: '#faf7ef',
  outline: '#8c8270',
  internal: '#b9b09f',
  water: '#5b9bc9',
  city: '#3f3a33',
};
/** Below this zoom only the largest cities are named; governorates are named from it on. */
const DETAIL_ZOOM = 7;

let loading: Promise<Basemap | null> | null = null;

/** The basemap asset, fetched once per page (it is cached and precompressed like every asset). */
export function loadBasemap(url: string): Promise<Basemap | null> {
  loading ??= fetch(url)
    .then((res) => (res.ok ? (res.json() as Promise<Basemap>) : null))
    .catch(() => null)
    .then((b) => {
      if (!b) loading = null; // offline before it was ever fetched: try again next time
      return b;
    });
  return loading;
}

/** The sea: the map's background wherever the basemap is drawn. */
export const SEA = '#cfe3ee';

/**
 * A place name centred on its point (a city's just above its dot), styled through the DOM rather than markup or a
 * style sheet: nothing inline for the Content-Security-Policy to refuse, and no CSS in the landing page's bundle.
 */
function label(text: string, kind: 'city' | 'governorate'): L.DivIcon {
  const span = document.createElement('span');
  span.textContent = text;
  Object.assign(span.style, {
    position: 'absolute',
    whiteSpace: 'nowrap',
    transform: kind === 'city' ? 'translate(-50%, -135%)' : 'translate(-50%, -50%)',
    fontSize: kind === 'city' ? '0.72rem' : '0.66rem',
    fontWeight: kind === 'city' ? '700' : '600',
    letterSpacing: kind === 'city' ? 'normal' : '0.04em',
    color: kind === 'city' ? COLOURS.city : '#857b69',
    textShadow: '0 0 3px #fff, 0 0 3px #fff, 0 0 2px #fff',
  });
  return L.divIcon({ className: `evc-place evc-${kind}`, html: span, iconSize: [0, 0] });
}

/**
 * Draws the basemap in panes below the station markers (canvas: a few thousand points stay fast), with place names
 * in the UI language. Answers the layer, to remove it when the language or the tiles change.
 */
export function drawBasemap(map: L.Map, basemap: Basemap, locale: Locale): L.LayerGroup {
  for (const [name, z] of [
    ['evc-basemap', '250'],
    ['evc-places', '350'],
  ] as const) {
    if (!map.getPane(name)) map.createPane(name).style.zIndex = z;
  }
  map.getPane('evc-places')!.style.pointerEvents = 'none';
  const renderer = L.canvas({ pane: 'evc-basemap', padding: 0.5 });
  const shape = { renderer, interactive: false, pane: 'evc-basemap' };
  const group = L.layerGroup();
  const name = (p: { en: string; ar: string }) => (locale === 'ar' ? p.ar : p.en);

  for (const p of basemap.land) L.polygon(p, { ...shape, stroke: false, fillColor: COLOURS.land, fillOpacity: 1 }).addTo(group);
  for (const p of basemap.egypt) L.polygon(p, { ...shape, stroke: false, fillColor: COLOURS.egypt, fillOpacity: 1 }).addTo(group);
  L.polyline(basemap.internal, { ...shape, color: COLOURS.internal, weight: 1, dashArray: '4 3' }).addTo(group);
  L.polyline(basemap.outline, { ...shape, color: COLOURS.outline, weight: 1.5 }).addTo(group);
  L.polyline(basemap.nile, { ...shape, color: COLOURS.water, weight: 2.5 }).addTo(group);
  L.polyline(basemap.canal, { ...shape, color: COLOURS.water, weight: 2 }).addTo(group);

  const far = L.layerGroup().addTo(group);
  const near = L.layerGroup();
  for (const c of basemap.cities) {
    const target = c.rank === 1 ? far : near;
    L.circleMarker(c.at, { ...shape, radius: 2.5, color: COLOURS.city, weight: 1, fillColor: '#fff', fillOpacity: 1 }).addTo(target);
    L.marker(c.at, { icon: label(name(c), 'city'), interactive: false, keyboard: false, pane: 'evc-places' }).addTo(target);
  }
  for (const g of basemap.governorates) {
    L.marker(g.at, { icon: label(name(g), 'governorate'), interactive: false, keyboard: false, pane: 'evc-places' }).addTo(near);
  }
  const showDetail = () => {
    if (map.getZoom() >= DETAIL_ZOOM) group.addLayer(near);
    else group.removeLayer(near);
  };
  map.on('zoomend', showDetail);
  group.on('remove', () => map.off('zoomend', showDetail));
  group.addTo(map);
  showDetail();
  // nothing to see beyond the drawn area: keep the view on it
  map.setMaxBounds(L.latLngBounds(basemap.bounds));
  map.setMinZoom(4);
  group.on('remove', () => map.setMaxBounds(undefined as unknown as L.LatLngBoundsExpression).setMinZoom(0));
  return group;
}
