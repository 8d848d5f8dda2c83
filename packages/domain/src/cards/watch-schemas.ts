import { z } from 'zod';

/** `GET/PUT/DELETE /api/cards/{id}/watch`: whether the caller watches the card, and how many do. */
export const CardWatchingSchema = z.object({
  watching: z.boolean(),
  watchers: z.number().int().min(0),
});
export type CardWatching = z.infer<typeof CardWatchingSchema>;
