/** A person's avatar text: the first letter of their first two names ('Olivia Owner' → 'OO'). */
export function personInitials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('') || '?'
  );
}
