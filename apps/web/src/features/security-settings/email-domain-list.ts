/**
 * Allowed e-mail domains as typed in the Security settings: one a line, or separated by commas,
 * semicolons or spaces; an @ in front is forgiven, case ignored, repeats dropped. The server checks
 * each is a domain (packages/domain tenants/schemas.ts).
 */
export function parseDomainList(text: string): string[] {
  const domains = text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim().replace(/^@/, '').toLowerCase())
    .filter(Boolean);
  return [...new Set(domains)];
}
