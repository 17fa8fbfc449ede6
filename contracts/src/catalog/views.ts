import { z } from 'zod';

export const governorateViewSchema = z.object({
  governorateId: z.string(),
  countryId: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  isActive: z.boolean(),
  centre: z.object({ lat: z.number(), lng: z.number() }).optional(),
  stationCount: z.number().int(),
});
export type GovernorateView = z.infer<typeof governorateViewSchema>;
