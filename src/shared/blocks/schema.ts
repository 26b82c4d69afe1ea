import { z } from 'zod';
import { pageQuerySchema } from '../paging/schema.ts';
import { BLOCKS_PAGE_SIZE, CONTACT_STATES } from './rules.ts';

/** `POST /api/blocks`: the person to block. */
export const blockInputSchema = z.object({
  userId: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100),
});
export type BlockInput = z.input<typeof blockInputSchema>;

export const blockedUserParamsSchema = z.object({ userId: z.string().max(100) });

/** `GET /api/blocks?page=&limit=`. */
export const blockListQuerySchema = pageQuerySchema(BLOCKS_PAGE_SIZE);

/** A person I blocked, as the settings list shows them. */
export const blockSchema = z.object({
  userId: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  /** When I blocked them. */
  since: z.string(),
});
export type Block = z.infer<typeof blockSchema>;

/** `GET /api/blocks/{userId}`: whether I blocked them, and whether we can contact each other. */
export const contactSchema = z.object({
  userId: z.string(),
  state: z.enum(CONTACT_STATES),
});
export type Contact = z.infer<typeof contactSchema>;

export const unblockedSchema = z.object({
  acknowledged: z.literal(true),
  /** 0 when the person was not blocked (unblocking twice changes nothing). */
  deletedCount: z.number().int(),
});
