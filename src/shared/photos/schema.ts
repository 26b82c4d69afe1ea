import { z } from 'zod';

/** A stored photo as the API shows it: its address (stable, never changing) and its size. */
export const photoSchema = z.object({
  _id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Photo = z.infer<typeof photoSchema>;

export const photoListSchema = z.array(photoSchema);

export const photoIdParamsSchema = z.object({ id: z.string().max(100) });

/** What removing a photo answers. */
export const photoRemovedSchema = z.object({
  acknowledged: z.literal(true),
  deletedCount: z.number().int(),
});
