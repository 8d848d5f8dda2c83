/** An error id for the error screens (spec shell section 8): a timestamp and a random string. */
export function createErrorId(now: Date = new Date()): string {
  const random = Math.random().toString(36).slice(2, 8).padEnd(6, '0');
  return `ERR-${now.getTime().toString(36).toUpperCase()}-${random.toUpperCase()}`;
}
