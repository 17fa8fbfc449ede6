/** The offline basemap's shape (built by frontend/basemap/build-basemap.ts, fetched lazily as a static asset). */
export type LatLng = [number, number];
export type Line = LatLng[];
/** A polygon: its outer ring, then its holes. */
export type Polygon = Line[];

export interface Basemap {
  version: 1;
  /** [[south, west], [north, east]] of the area drawn. */
  bounds: [LatLng, LatLng];
  /** Neighbouring countries' land (clipped to the bounds), drawn under Egypt. */
  land: Polygon[];
  /** Egypt's land, one or more polygons per governorate. */
  egypt: Polygon[];
  /** Egypt's outline: its borders and coastline. */
  outline: Line[];
  /** The lines between governorates. */
  internal: Line[];
  nile: Line[];
  canal: Line[];
  governorates: { iso: string; en: string; ar: string; at: LatLng }[];
  cities: { en: string; ar: string; at: LatLng; rank: 1 | 2 }[];
}
