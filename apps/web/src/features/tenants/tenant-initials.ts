/** The tenant switcher's avatar text: the first 2 letters of the name (spec shell section 2). */
export function tenantInitials(name: string): string {
  const letters = name.replace(/[^\p{L}\p{N}]/gu, '');
  return (letters.slice(0, 2) || '?').toUpperCase();
}
