import { describe, expect, it } from 'vitest';
import { personInitials } from './person-initials';

describe('personInitials', () => {
  it('takes the first letter of the first two names, upper-cased', () => {
    expect(personInitials('Olivia Owner')).toBe('OO');
    expect(personInitials('priya  van der Berg')).toBe('PV');
    expect(personInitials('Sam')).toBe('S');
  });

  it('gives a question mark for an empty name', () => {
    expect(personInitials('   ')).toBe('?');
  });
});
