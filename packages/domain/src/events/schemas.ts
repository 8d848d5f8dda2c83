import { z } from 'zod';
import { type ChangeEvent, changeEventTypes } from './rules';

/** The change feed's message (see rules.ts) as a schema, for the server's channel payloads. */
export const ChangeEventSchema = z.object({
  type: z.enum(changeEventTypes),
  entity: z.string(),
  id: z.string(),
  version: z.number().int().nullable(),
}) satisfies z.ZodType<ChangeEvent>;
