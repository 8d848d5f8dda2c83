/**
 * The time zones a person can choose on settings/user: Australia's first (the mainland and island
 * zones by their usual city names), then every other zone the browser knows, A to Z. Aliases such as
 * Australia/NSW are left out of the first group: they are the same clocks under older names.
 */
export const australianTimeZones = [
  { id: 'Australia/Sydney', label: 'Sydney, Canberra (NSW, ACT)' },
  { id: 'Australia/Melbourne', label: 'Melbourne (VIC)' },
  { id: 'Australia/Brisbane', label: 'Brisbane (QLD, no daylight saving)' },
  { id: 'Australia/Adelaide', label: 'Adelaide (SA)' },
  { id: 'Australia/Darwin', label: 'Darwin (NT)' },
  { id: 'Australia/Perth', label: 'Perth (WA)' },
  { id: 'Australia/Hobart', label: 'Hobart (TAS)' },
  { id: 'Australia/Broken_Hill', label: 'Broken Hill (NSW, on Adelaide time)' },
  { id: 'Australia/Lord_Howe', label: 'Lord Howe Island' },
  { id: 'Australia/Eucla', label: 'Eucla (WA)' },
  { id: 'Australia/Lindeman', label: 'Lindeman Island (QLD)' },
  { id: 'Antarctica/Macquarie', label: 'Macquarie Island (TAS)' },
  { id: 'Indian/Christmas', label: 'Christmas Island' },
  { id: 'Indian/Cocos', label: 'Cocos (Keeling) Islands' },
  { id: 'Pacific/Norfolk', label: 'Norfolk Island' },
] as const;

/** Every other IANA zone the runtime knows (Intl.supportedValuesOf), sorted, without the Australian ones. */
export function otherTimeZones(): string[] {
  const australian = new Set<string>(australianTimeZones.map((z) => z.id));
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.filter((zone) => !australian.has(zone) && !zone.startsWith('Australia/')).sort();
}

/** 'UTC+10:30' for a zone now, so a person can tell zones apart by their clocks. */
export function utcOffsetLabel(timeZone: string, now = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-AU', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(now)
      .find((p) => p.type === 'timeZoneName')?.value;
    return part === 'GMT' || !part ? 'UTC' : part.replace('GMT', 'UTC');
  } catch {
    return '';
  }
}
