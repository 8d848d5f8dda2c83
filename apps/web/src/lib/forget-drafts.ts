/**
 * Removes the drafts a feature keeps in this browser under `<prefix>.<userId>.…`: everyone's, or,
 * with `keepUserId`, everyone's but that person's. Sign-out forgets them all and sign-in keeps only
 * the signed-in person's, so a draft (often health information) never outlives its author's session
 * on a shared device. Free of zod and schemas: the shell calls it on every page.
 */
export function forgetDrafts(
  where: 'local' | 'session',
  prefix: string,
  options: { keepUserId?: string } = {},
): void {
  const own = `${prefix}.`;
  const kept = options.keepUserId ? `${own}${options.keepUserId}.` : null;
  try {
    const storage = where === 'local' ? window.localStorage : window.sessionStorage;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(own) && !(kept && key.startsWith(kept))) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Blocked storage: nothing was kept either.
  }
}
