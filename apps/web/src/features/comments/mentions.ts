import type { MentionableUser } from '@wattle/domain/comments/schemas';

/**
 * The '@' mentions of the composer, as pure text operations so they can be tested without a browser.
 * A mention starts with '@' at the start of the text or after white space; what follows up to the
 * caret (no line break, a short name's length at most) filters the list of people.
 */
const maxQueryLength = 40;

export interface MentionQuery {
  /** Where the '@' is. */
  start: number;
  /** What was typed after it, up to the caret. */
  query: string;
}

export function activeMentionQuery(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && !/\s/.test(before[at - 1] ?? '')) return null;
  const query = before.slice(at + 1);
  // A space right after the '@' or at the end of what was typed closes the list: the person has
  // moved on (a name's own spaces keep it open while its next word is typed).
  if (query.length > maxQueryLength || /[\n\r]/.test(query) || /^\s|\s$/.test(query)) return null;
  return { start: at, query };
}

/** People whose name contains every word typed (case-insensitive), in the list's order. */
export function filterMentionable(people: readonly MentionableUser[], query: string): MentionableUser[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return people.filter((person) => {
    const name = person.name.toLowerCase();
    return words.every((word) => name.includes(word));
  });
}

/** The text with '@query' replaced by '@Name ' and where the caret goes after it. */
export function insertMention(
  text: string,
  mention: MentionQuery,
  name: string,
): { text: string; caret: number } {
  const end = mention.start + 1 + mention.query.length;
  const inserted = `@${name} `;
  const after = text.slice(end).replace(/^ /, '');
  return { text: text.slice(0, mention.start) + inserted + after, caret: mention.start + inserted.length };
}

export interface ChosenMention {
  userId: string;
  name: string;
}

/** The mentioned users whose '@Name' is still in the text when it is sent (ids, no repeats). */
export function mentionsInText(text: string, chosen: readonly ChosenMention[]): string[] {
  const ids = new Set<string>();
  for (const mention of chosen) if (text.includes(`@${mention.name}`)) ids.add(mention.userId);
  return [...ids];
}

/** The names as a list for a sentence: 'A', 'A and B', 'A, B and C'. */
function nameList(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * What the composer says (politely, in a live region) when switching to an internal comment takes
 * people out of its mentions: they cannot read it, so they are not told of it.
 */
export function setAsideNotice(people: readonly ChosenMention[]): string {
  if (people.length === 0) return '';
  return `${nameList(people.map((person) => person.name))} cannot read internal comments and will not be mentioned.`;
}
