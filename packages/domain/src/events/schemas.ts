import { z } from 'zod';

/**
 * One message of the live change feed, `GET /api/events` (DESIGN.md section 4): which record
 * changed, so the client can invalidate the matching queries. It never carries the record itself.
 * `id` is '*' when several records of the entity changed at once (e.g. all notifications marked read).
 */
export const ChangeEventSchema = z.object({
  type: z.enum(['created', 'updated', 'deleted']),
  entity: z.string(),
  id: z.string(),
  version: z.number().int().nullable(),
});
export type ChangeEvent = z.infer<typeof ChangeEventSchema>;
