/**
 * CONTRACT: a card's template comes from its templateId or, failing that, from keywords in its title
 * (spec work section 3). Returns a built-in template id or null.
 */
export function templateIdFromTitle(_title: string): string | null {
  throw new Error('not implemented');
}
