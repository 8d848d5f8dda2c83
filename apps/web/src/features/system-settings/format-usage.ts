/** Plain words for the numbers of System Settings. */

const units = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.5 KB"; powers of 1024, as storage limits are counted (GB = 1024³ bytes). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  return `${value >= 100 ? Math.round(value) : Number(value.toFixed(1))} ${units[unit]}`;
}

/** 93784 → "1 day 2 h 3 min"; under a minute, "under a minute". */
export function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts = [
    days ? `${days} ${days === 1 ? 'day' : 'days'}` : '',
    hours ? `${hours} h` : '',
    minutes ? `${minutes} min` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' ') : 'under a minute';
}

/** "3 of 25", or "3" when the limit is -1 (unlimited). */
export function usedOf(used: number, limit: number): string {
  return limit < 0 ? `${used} (no limit)` : `${used} of ${limit}`;
}
