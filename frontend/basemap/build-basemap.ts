// Builds the offline basemap of Egypt (an asset the map fetches lazily) from npm data at build time: neighbouring
// countries from world-atlas (Natural Earth 1:50m), the 27 governorates from the vendored Natural Earth admin-1 extract
// (egypt-governorates.topo.json), the Nile, the canal and the cities from places.ts. See README.md.
import { feature, mesh } from 'topojson-client';
import world from 'world-atlas/countries-50m.json' with { type: 'json' };
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Basemap, LatLng, Line, Polygon } from '../src/components/stations/basemap-data';
import { CANAL, CITIES, GOVERNORATES, NILE } from './places';
import egyptGovernorates from './egypt-governorates.topo.json' with { type: 'json' };

type Position = number[];

/** Egypt with a wide margin, so panning never shows the edge of the land (lng west → east, lat south → north). */
const BOX = { west: 14, east: 48, south: 10, north: 40 };
const NEIGHBOURS = new Set([
  'Libya',
  'Sudan',
  'S. Sudan',
  'Chad',
  'Niger',
  'Algeria',
  'Tunisia',
  'Eritrea',
  'Ethiopia',
  'Central African Rep.',
  'Israel',
  'Palestine',
  'Jordan',
  'Saudi Arabia',
  'Syria',
  'Lebanon',
  'Iraq',
  'Turkey',
  'Cyprus',
  'Greece',
  'Yemen',
  'Kuwait',
  'Iran',
]);
/** Points closer than this (degrees, about a kilometre) are dropped: the map never needs more at country scale. */
const TOLERANCE = 0.01;

const round = (v: number) => Math.round(v * 1000) / 1000;
const toLatLng = ([lng, lat]: Position): LatLng => [round(lat!), round(lng!)];

/** Drops points within `tolerance` of the last kept one (keeps the ends). */
function thin(points: Position[], tolerance = TOLERANCE): Position[] {
  const out: Position[] = [];
  for (const [i, p] of points.entries()) {
    const last = out[out.length - 1];
    if (!last || i === points.length - 1 || Math.abs(p[0]! - last[0]!) >= tolerance || Math.abs(p[1]! - last[1]!) >= tolerance) out.push(p);
  }
  return out;
}

/** Sutherland–Hodgman: a ring clipped to BOX (a closed ring, or [] when nothing is inside). */
function clipRing(ring: Position[]): Position[] {
  const edges: [(p: Position) => boolean, (a: Position, b: Position) => Position][] = [
    [(p) => p[0]! >= BOX.west, (a, b) => cut(a, b, 0, BOX.west)],
    [(p) => p[0]! <= BOX.east, (a, b) => cut(a, b, 0, BOX.east)],
    [(p) => p[1]! >= BOX.south, (a, b) => cut(a, b, 1, BOX.south)],
    [(p) => p[1]! <= BOX.north, (a, b) => cut(a, b, 1, BOX.north)],
  ];
  let points = ring.slice(0, -1);
  for (const [inside, intersect] of edges) {
    const next: Position[] = [];
    for (const [i, p] of points.entries()) {
      const prev = points[(i + points.length - 1) % points.length]!;
      if (inside(p)) {
        if (!inside(prev)) next.push(intersect(prev, p));
        next.push(p);
      } else if (inside(prev)) next.push(intersect(prev, p));
    }
    points = next;
    if (points.length === 0) return [];
  }
  return points.length >= 3 ? [...points, points[0]!] : [];
}

function cut(a: Position, b: Position, axis: 0 | 1, value: number): Position {
  const t = (value - a[axis]!) / (b[axis]! - a[axis]!);
  return axis === 0 ? [value, a[1]! + t * (b[1]! - a[1]!)] : [a[0]! + t * (b[0]! - a[0]!), value];
}

const polygonsOf = (geometry: GeoJSON.Geometry | null): Position[][][] =>
  geometry?.type === 'Polygon' ? [geometry.coordinates] : geometry?.type === 'MultiPolygon' ? geometry.coordinates : [];

/** A polygon's rings, clipped to BOX when asked and thinned; null when its outer ring leaves nothing to draw. */
function polygon(rings: Position[][], clip: boolean): Polygon | null {
  // fills only (the lines are drawn from the topology): a coarser outline is not seen, least of all abroad
  const [outer, ...holes] = rings.map((r) => thin(clip ? clipRing(r) : r, clip ? 10 * TOLERANCE : 2 * TOLERANCE));
  if (!outer || outer.length < 4) return null;
  return [outer, ...holes.filter((h) => h.length >= 4)].map((r) => r.map(toLatLng));
}

const lines = (geometry: GeoJSON.MultiLineString): Line[] =>
  geometry.coordinates.map((l) => thin(l).map(toLatLng)).filter((l) => l.length >= 2);

/** The area-weighted centre of a ring (lng, lat), for a governorate's label. */
function centre(ring: Position[]): Position {
  let a = 0;
  let x = 0;
  let y = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x0, y0] = ring[i]!;
    const [x1, y1] = ring[i + 1]!;
    const f = x0! * y1! - x1! * y0!;
    a += f;
    x += (x0! + x1!) * f;
    y += (y0! + y1!) * f;
  }
  return [x / (3 * a), y / (3 * a)];
}

const ringArea = (ring: Position[]) =>
  Math.abs(ring.reduce((s, p, i) => (i === 0 ? 0 : s + (ring[i - 1]![0]! * p[1]! - p[0]! * ring[i - 1]![1]!)), 0) / 2);

export function buildBasemap(): Basemap {
  const atlas = world as unknown as Topology;
  const countries = atlas.objects.countries as GeometryCollection<{ name: string }>;
  const land = feature(atlas, countries)
    .features.filter((f) => NEIGHBOURS.has(f.properties.name))
    .flatMap((f) => polygonsOf(f.geometry).map((rings) => polygon(rings, true)))
    .filter((p): p is Polygon => p !== null);

  const egyptTopo = egyptGovernorates as unknown as Topology;
  const govs = egyptTopo.objects.egy as GeometryCollection;
  const egyptFeatures = feature(egyptTopo, govs).features;
  const egypt = egyptFeatures
    .flatMap((f) => polygonsOf(f.geometry).map((rings) => polygon(rings, false)))
    .filter((p): p is Polygon => p !== null);
  const governorates = egyptFeatures.flatMap((f) => {
    const names = GOVERNORATES[String(f.id)];
    if (!names) return [];
    const largest = polygonsOf(f.geometry)
      .map((rings) => rings[0]!)
      .sort((a, b) => ringArea(b) - ringArea(a))[0]!;
    return [{ iso: names.iso, en: names.en, ar: names.ar, at: toLatLng(centre(largest)) }];
  });
  if (governorates.length !== 27) throw new Error(`the basemap has ${governorates.length} governorates, not 27`);

  return {
    version: 1,
    bounds: [
      [BOX.south, BOX.west],
      [BOX.north, BOX.east],
    ],
    land,
    egypt,
    outline: lines(mesh(egyptTopo, govs, (a, b) => a === b)),
    internal: lines(mesh(egyptTopo, govs, (a, b) => a !== b)),
    nile: NILE.map((l) => l.map(([lat, lng]) => [lat, lng] as LatLng)),
    canal: [CANAL.map(([lat, lng]) => [lat, lng] as LatLng)],
    governorates: governorates.sort((a, b) => a.iso.localeCompare(b.iso)),
    cities: CITIES.map(([en, ar, lat, lng, rank]) => ({ en, ar, at: [lat, lng] as LatLng, rank })),
  };
}
