import { describe, expect, it } from 'vitest';
import { parsePresence, presenceLabel, presenceTone } from './presence';

describe('presenceTone', () => {
  it('Available is green, Busy red, offline grey and the rest amber', () => {
    expect(presenceTone('Available')).toBe('available');
    expect(presenceTone('AvailableIdle')).toBe('available');
    expect(presenceTone('Busy')).toBe('busy');
    expect(presenceTone('DoNotDisturb')).toBe('busy');
    expect(presenceTone('Offline')).toBe('offline');
    expect(presenceTone('PresenceUnknown')).toBe('offline');
    expect(presenceTone(null)).toBe('offline');
    expect(presenceTone('Away')).toBe('away');
    expect(presenceTone('BeRightBack')).toBe('away');
  });
});

describe('presenceLabel', () => {
  it('reads Graph values as words', () => {
    expect(presenceLabel({ availability: 'Available', activity: 'Available' })).toBe('Available');
    expect(presenceLabel({ availability: 'BeRightBack', activity: null })).toBe('Be right back');
    expect(presenceLabel({ availability: 'DoNotDisturb', activity: 'Presenting' })).toBe('Do not disturb');
    expect(presenceLabel({ availability: null, activity: 'InAMeeting' })).toBe('In a meeting');
    expect(presenceLabel({ availability: 'PresenceUnknown', activity: null })).toBe('Unknown');
  });
});

describe('parsePresence', () => {
  it('keeps availability and activity', () => {
    expect(parsePresence({ id: 'x', availability: 'Busy', activity: 'InACall' })).toEqual({
      availability: 'Busy',
      activity: 'InACall',
    });
  });

  it('treats anything else as no presence', () => {
    expect(parsePresence(null)).toBeNull();
    expect(parsePresence('Busy')).toBeNull();
    expect(parsePresence({ error: { code: 'Forbidden' } })).toBeNull();
  });
});
