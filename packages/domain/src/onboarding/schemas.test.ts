import { describe, expect, it } from 'vitest';
import { OnboardingSchema } from './schemas';

const valid = { organisationName: 'Sunrise Care Co', consent: true };

function issues(input: unknown) {
  const result = OnboardingSchema.safeParse(input);
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => ({ path: i.path, message: i.message }));
}

describe('OnboardingSchema', () => {
  it('accepts organisation name and consent alone, defaulting the optional fields to empty', () => {
    expect(OnboardingSchema.parse(valid)).toEqual({
      fullName: '',
      email: '',
      organisationName: 'Sunrise Care Co',
      firstTeamName: '',
      consent: true,
    });
  });

  it('trims names', () => {
    const out = OnboardingSchema.parse({
      ...valid,
      fullName: '  Nina New ',
      organisationName: '  Sunrise  ',
      firstTeamName: ' Team A ',
    });
    expect(out.fullName).toBe('Nina New');
    expect(out.organisationName).toBe('Sunrise');
    expect(out.firstTeamName).toBe('Team A');
  });

  it('requires an organisation name, and a blank one is not a name', () => {
    for (const organisationName of [undefined, '', '   ']) {
      expect(issues({ ...valid, organisationName })).toContainEqual({
        path: ['organisationName'],
        message: organisationName === undefined ? expect.any(String) : 'Organisation name is required',
      });
    }
  });

  it('limits the organisation name to 120 characters and names to 100', () => {
    expect(OnboardingSchema.safeParse({ ...valid, organisationName: 'a'.repeat(120) }).success).toBe(true);
    expect(issues({ ...valid, organisationName: 'a'.repeat(121) })[0]!.path).toEqual(['organisationName']);
    expect(issues({ ...valid, firstTeamName: 'a'.repeat(101) })[0]!.path).toEqual(['firstTeamName']);
    expect(issues({ ...valid, fullName: 'a'.repeat(101) })[0]!.path).toEqual(['fullName']);
  });

  it('requires consent to be given: false, missing or truthy-but-not-true are refused', () => {
    for (const consent of [false, undefined, 'true', 1]) {
      expect(issues({ ...valid, consent }), String(consent)).toContainEqual({
        path: ['consent'],
        message: 'Consent to data access under the NDIS is required',
      });
    }
  });

  it('accepts an empty email but not a malformed one', () => {
    expect(OnboardingSchema.safeParse({ ...valid, email: '' }).success).toBe(true);
    expect(OnboardingSchema.safeParse({ ...valid, email: 'nina@example.org' }).success).toBe(true);
    expect(issues({ ...valid, email: 'not-an-email' })[0]!.path).toEqual(['email']);
  });
});
