import { z } from 'zod';
import { DateOnlySchema } from '../cards/schemas';
import { globalSearchLimit, type SearchResultItem, searchMessages, searchQueryMaxLength } from './rules';

/** `GET /api/search?q=&limit=`: tenant-scoped, only cards of teams whose cards the caller may read. */
export const SearchQuerySchema = z.object({
  q: z.string().max(searchQueryMaxLength, searchMessages.tooLong),
  limit: z.coerce.number().int().min(1).max(globalSearchLimit).default(globalSearchLimit),
  teamId: z.uuid().optional(),
});

/** One match: what both search boxes show of a card. Newest change first. */
export const SearchResultSchema = z.object({
  id: z.uuid(),
  workItemId: z.string(),
  teamId: z.uuid(),
  title: z.string(),
  /** The description's first 200 characters. */
  description: z.string(),
  assigneeName: z.string().nullable(),
  dueDate: DateOnlySchema.nullable(),
  /** The day it was created, in the tenant's time zone: the created date search matches. */
  createdDate: DateOnlySchema,
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

// The guard in rules.ts must accept every result this schema does.
const _sameShape: SearchResult extends SearchResultItem ? true : never = true;
void _sameShape;
