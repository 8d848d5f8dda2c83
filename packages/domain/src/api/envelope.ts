import { z } from 'zod';

/** `{ success, data }`: the shape of every single-record answer. */
export function oneSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export const ListMetaSchema = z.object({
  total: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
});
export type ListMeta = z.infer<typeof ListMetaSchema>;

/** `{ success, data, meta: { total, limit, offset } }`: the shape of every list answer. */
export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), data: z.array(item), meta: ListMetaSchema });
}

export const PagingQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const OkSchema = z.object({ success: z.literal(true) });
