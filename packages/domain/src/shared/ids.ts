/**
 * Slugs and name matching. Pure: randomness comes from Web Crypto, present in browsers and Node.
 */

/** A name as a lowercase, dash-separated slug: 'Sunrise Care Co.' -> 'sunrise-care-co'. */
export function slugifyName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Two names are the same when they match with dashes, spaces and case ignored. */
export function namesMatch(a: string, b: string): boolean {
  return slugifyName(a).replace(/-/g, '') === slugifyName(b).replace(/-/g, '');
}

const suffixAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** The spec's id for a tenant or team: the slugified name plus a short random suffix. */
export function slugWithSuffix(name: string, suffixLength = 6): string {
  const bytes = new Uint8Array(suffixLength);
  crypto.getRandomValues(bytes);
  const suffix = Array.from(bytes, (b) => suffixAlphabet[b % suffixAlphabet.length]).join('');
  const base = slugifyName(name).slice(0, 60) || 'item';
  return `${base}-${suffix}`;
}
