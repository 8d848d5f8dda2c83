/**
 * Search matching (spec work section 5, shell section 5): every space-separated word of the query
 * must appear, case-insensitively, in the card's searchable text (title, description, assignee,
 * due date, created date, field values). Plain functions, free of zod: the web uses them too.
 */
export const searchQueryMaxLength = 200;
/** Results per box (spec work section 9). */
export const workItemBoxLimit = 8;
export const globalSearchLimit = 20;
export const searchDebounceMs = 300;

/**
 * The query's words, lower-cased, every one of them (the 200-character limit bounds how many), with
 * repeats dropped and so are words inside another word of the query ('quok' next to 'quokka'): a
 * text holding the longer word holds the shorter one too, so the matches are the same and the
 * database checks fewer patterns.
 */
export function searchWords(query: string): string[] {
  const words = [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))];
  return words.filter((word) => !words.some((other) => other !== word && other.includes(word)));
}

/** True when every word is in `text` (already lower-cased). */
export function matchesEveryWord(text: string, words: readonly string[]): boolean {
  return words.every((w) => text.includes(w));
}

export const searchMessages = {
  box: {
    placeholder: 'Search work items...',
    idle: 'Start typing to search for work items...',
    searching: 'Searching...',
    empty: 'No work items found',
    found: (n: number) => `Found ${n} work item(s)`,
  },
  dialog: {
    placeholder: 'Search across this organisation…',
    idle: 'Start typing to search work items across your organisation…',
    empty: 'No matches found',
    updating: 'Updating…',
    count: (n: number) => `${n} result(s)`,
  },
  tooLong: `A search can be at most ${searchQueryMaxLength} characters`,
} as const;

/** One search result as the boxes show it (SearchResultSchema in schemas.ts is its zod form). */
export interface SearchResultItem {
  id: string;
  workItemId: string;
  teamId: string;
  title: string;
  description: string;
  assigneeName: string | null;
  dueDate: string | null;
  /** The day the card was created, yyyy-mm-dd in the tenant's time zone (the day search matches). */
  createdDate: string;
  createdAt: string;
  updatedAt: string;
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isTextOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

/**
 * True for a result the boxes can show. A plain guard, free of zod, because the work-item box sits
 * in the header of every page and the shell's first load stays small (docs/performance.md).
 */
export function isSearchResultItem(value: unknown): value is SearchResultItem {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    isText(r.id) &&
    isText(r.workItemId) &&
    isText(r.teamId) &&
    isText(r.title) &&
    isText(r.description) &&
    isTextOrNull(r.assigneeName) &&
    isTextOrNull(r.dueDate) &&
    isText(r.createdDate) &&
    isText(r.createdAt) &&
    isText(r.updatedAt)
  );
}
