import { z } from 'zod';
import { normalizeDigits } from './digits';
import { lineTextSchema } from './text';

export const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._:-]+$/);
/** A name in English or Arabic: one line of text (no control characters). */
export const bilingualNameSchema = (min: number, max: number) => lineTextSchema(min, max);

/** A number typed by a person: accepts Eastern Arabic digits. */
export const typedNumber = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v) => (typeof v === 'string' ? Number(normalizeDigits(v.trim())) : v), inner);

export const latLngSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type LatLng = z.infer<typeof latLngSchema>;

/** Egypt's bounding box (with a margin); stations must lie inside it. */
export const EGYPT_BOUNDS = { minLat: 21.5, maxLat: 32, minLng: 24.5, maxLng: 37.5 } as const;
export const egyptLatLngSchema = latLngSchema.refine(
  (p) => p.lat >= EGYPT_BOUNDS.minLat && p.lat <= EGYPT_BOUNDS.maxLat && p.lng >= EGYPT_BOUNDS.minLng && p.lng <= EGYPT_BOUNDS.maxLng,
  { params: { code: 'outside_egypt' } },
);
