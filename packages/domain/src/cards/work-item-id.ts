/**
 * The visible work item id (DESIGN.md section 3): the tenant's 3-letter prefix, a dash and a per-tenant
 * sequence zero-padded to at least 5 digits (`SUN-00042`).
 */

/**
 * The first three letters of the tenant's name (non-letters removed, accents dropped), upper-case,
 * padded with X: 'Sunrise Support Network' → 'SUN', 'Al' → 'ALX'.
 */
export function tenantPrefix(tenantName: string): string {
  const letters = tenantName
    .normalize('NFD')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  return letters.slice(0, 3).padEnd(3, 'X');
}

/** `formatWorkItemId('SUN', 42)` → 'SUN-00042'; sequences past 99,999 keep all their digits. */
export function formatWorkItemId(prefix: string, seq: number): string {
  if (!Number.isInteger(seq) || seq < 0)
    throw new RangeError(`Work item sequence must be a whole number, got ${seq}`);
  return `${prefix}-${String(seq).padStart(5, '0')}`;
}
