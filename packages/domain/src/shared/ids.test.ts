import { describe, expect, it } from 'vitest';
import { namesMatch, slugifyName, slugWithSuffix } from './ids';

describe('slugs', () => {
  it('lower-cases and replaces non-alphanumerics with hyphens', () => {
    expect(slugifyName('Sunrise Care & Support Co.')).toBe('sunrise-care-support-co');
  });
  it('adds a short random suffix so two teams of one name differ', () => {
    const a = slugWithSuffix('Care Team');
    const b = slugWithSuffix('Care Team');
    expect(a).toMatch(/^care-team-[a-z0-9]{6}$/);
    expect(a).not.toBe(b);
  });
  it('compares names ignoring dashes and case', () => {
    expect(namesMatch('Care-Team', 'care team')).toBe(true);
    expect(namesMatch('Care Team', 'Core Team')).toBe(false);
  });
});
