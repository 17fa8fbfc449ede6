/** Geography helpers shared by the stations projection and the nearby query. Pure functions. */
const EARTH_RADIUS_M = 6_371_008.8;
const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Grid cell size in degrees for the nearby index (~28 km north-south). */
export const GEO_CELL_DEG = 0.25;

export const geoCellOf = (p: { lat: number; lng: number }): string =>
  `${Math.floor(p.lat / GEO_CELL_DEG)}:${Math.floor(p.lng / GEO_CELL_DEG)}`;

/** Every grid cell intersecting the circle's bounding box; null when that would be more cells than scanning is worth. */
export function geoCellsAround(centre: { lat: number; lng: number }, radiusM: number, maxCells = 900): string[] | null {
  // Metres per degree rounded down from the haversine's 111,195, so the box errs on the large side.
  const dLat = radiusM / 111_000;
  const cosLat = Math.max(0.01, Math.cos(toRad(Math.min(89, Math.abs(centre.lat) + dLat))));
  const dLng = radiusM / (111_000 * cosLat);
  const lat0 = Math.floor((centre.lat - dLat) / GEO_CELL_DEG);
  const lat1 = Math.floor((centre.lat + dLat) / GEO_CELL_DEG);
  const lng0 = Math.floor((centre.lng - dLng) / GEO_CELL_DEG);
  const lng1 = Math.floor((centre.lng + dLng) / GEO_CELL_DEG);
  if ((lat1 - lat0 + 1) * (lng1 - lng0 + 1) > maxCells) return null;
  const cells: string[] = [];
  for (let la = lat0; la <= lat1; la++) for (let ln = lng0; ln <= lng1; ln++) cells.push(`${la}:${ln}`);
  return cells;
}
