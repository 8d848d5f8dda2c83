import { describe, expect, it } from 'vitest';
import { formatMinutes, hoursTitle, plural } from './dashboard-text';

describe('dashboard text', () => {
  it('shows minutes as hours and minutes', () => {
    expect(formatMinutes(630)).toBe('10 h 30 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(0)).toBe('0 h');
  });

  it('counts in words', () => {
    expect(plural(1, 'card')).toBe('1 card');
    expect(plural(0, 'card')).toBe('0 cards');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
  });

  it('titles the hours by whose they are', () => {
    expect(hoursTitle('own')).toBe('Your hours this week');
    expect(hoursTitle('teams')).toBe('Your teams’ hours this week');
    expect(hoursTitle('tenant')).toBe('Hours this week');
  });
});
