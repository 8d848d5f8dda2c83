import { type AustralianState, australianStates } from './catalogue';

/**
 * The state or territory whose price limits apply to a tenant's time codes (issue 14 part 2): the
 * state of the organisation's profile address when it names one, otherwise the state of its time
 * zone. Every tenant has a time zone (default Australia/Sydney), so there is always an answer.
 */

/** Full names people type in an address, for the states the catalogue abbreviates. */
const stateNames: Record<string, AustralianState> = {
  'australian capital territory': 'ACT',
  'new south wales': 'NSW',
  'northern territory': 'NT',
  queensland: 'QLD',
  'south australia': 'SA',
  tasmania: 'TAS',
  victoria: 'VIC',
  'western australia': 'WA',
};

/**
 * IANA time zones of Australia and the state each lies in. The aliases (Australia/ACT, /Canberra,
 * /NSW …) are the same zones under older names; Broken Hill keeps Adelaide's clock but is in NSW.
 */
const timeZoneStates: Record<string, AustralianState> = {
  'Australia/Sydney': 'NSW',
  'Australia/NSW': 'NSW',
  'Australia/Broken_Hill': 'NSW',
  'Australia/Yancowinna': 'NSW',
  'Australia/Lord_Howe': 'NSW',
  'Australia/LHI': 'NSW',
  'Australia/Canberra': 'ACT',
  'Australia/ACT': 'ACT',
  'Australia/Melbourne': 'VIC',
  'Australia/Victoria': 'VIC',
  'Australia/Brisbane': 'QLD',
  'Australia/Queensland': 'QLD',
  'Australia/Lindeman': 'QLD',
  'Australia/Adelaide': 'SA',
  'Australia/South': 'SA',
  'Australia/Perth': 'WA',
  'Australia/West': 'WA',
  'Australia/Eucla': 'WA',
  'Australia/Hobart': 'TAS',
  'Australia/Tasmania': 'TAS',
  'Australia/Currie': 'TAS',
  'Australia/Darwin': 'NT',
  'Australia/North': 'NT',
};

/** The state of an address's state field ('NSW', 'nsw', 'New South Wales'), or null. */
export function stateFromAddress(state: string | null | undefined): AustralianState | null {
  const text = state?.trim() ?? '';
  if (!text) return null;
  const upper = text.toUpperCase();
  if ((australianStates as readonly string[]).includes(upper)) return upper as AustralianState;
  return stateNames[text.toLowerCase().replace(/\s+/g, ' ')] ?? null;
}

/** The state of an Australian time zone, or null for a zone outside Australia. */
export function stateFromTimeZone(timeZone: string): AustralianState | null {
  return timeZoneStates[timeZone] ?? null;
}

/**
 * The tenant's state: its profile address's state if that is one, else its time zone's, else NSW
 * (a tenant whose time zone is outside Australia and has no address; Sydney is the default zone).
 */
export function tenantState(tenant: { addressState?: string | null; timeZone: string }): AustralianState {
  return stateFromAddress(tenant.addressState) ?? stateFromTimeZone(tenant.timeZone) ?? 'NSW';
}
