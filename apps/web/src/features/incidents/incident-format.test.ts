import { describe, expect, it } from 'vitest';
import { formatIncidentTime, fromLocalInput, toLocalInput } from './incident-format';

describe('incident times in the tenant zone', () => {
  it('round-trips a datetime-local value through an instant', () => {
    expect(fromLocalInput('2026-03-10T14:30', 'Australia/Sydney')).toBe('2026-03-10T03:30:00.000Z');
    expect(toLocalInput('2026-03-10T03:30:00.000Z', 'Australia/Sydney')).toBe('2026-03-10T14:30');
    expect(toLocalInput('2026-03-10T03:30:00.000Z', 'Australia/Perth')).toBe('2026-03-10T11:30');
  });
  it('reads empty as none', () => {
    expect(fromLocalInput('', 'Australia/Sydney')).toBeNull();
    expect(toLocalInput(null, 'Australia/Sydney')).toBe('');
    expect(formatIncidentTime(null, 'Australia/Sydney')).toBe('—');
  });
});
