import { describe, expect, it } from 'vitest';
import { stateFromAddress, stateFromTimeZone, tenantState } from './tenant-state';

describe('tenantState', () => {
  it('takes the profile address’s state when it is one', () => {
    expect(tenantState({ addressState: 'VIC', timeZone: 'Australia/Sydney' })).toBe('VIC');
    expect(tenantState({ addressState: ' qld ', timeZone: 'Australia/Sydney' })).toBe('QLD');
    expect(tenantState({ addressState: 'Western  Australia', timeZone: 'Australia/Sydney' })).toBe('WA');
  });

  it('falls back to the time zone when the address names no state', () => {
    expect(tenantState({ addressState: 'Ontario', timeZone: 'Australia/Perth' })).toBe('WA');
    expect(tenantState({ addressState: '', timeZone: 'Australia/Hobart' })).toBe('TAS');
    expect(tenantState({ timeZone: 'Australia/Darwin' })).toBe('NT');
  });

  it('maps each capital’s time zone to its state', () => {
    const capitals = {
      'Australia/Sydney': 'NSW',
      'Australia/Melbourne': 'VIC',
      'Australia/Brisbane': 'QLD',
      'Australia/Adelaide': 'SA',
      'Australia/Perth': 'WA',
      'Australia/Hobart': 'TAS',
      'Australia/Darwin': 'NT',
      'Australia/Canberra': 'ACT',
    };
    for (const [zone, state] of Object.entries(capitals)) expect(stateFromTimeZone(zone), zone).toBe(state);
    // Broken Hill keeps Adelaide's clock but is in New South Wales.
    expect(stateFromTimeZone('Australia/Broken_Hill')).toBe('NSW');
  });

  it('is NSW for a zone outside Australia and no address', () => {
    expect(stateFromTimeZone('Pacific/Auckland')).toBeNull();
    expect(tenantState({ addressState: null, timeZone: 'Pacific/Auckland' })).toBe('NSW');
  });

  it('reads no state from text that is not one', () => {
    expect(stateFromAddress('N.S.W.')).toBeNull();
    expect(stateFromAddress(undefined)).toBeNull();
  });
});
