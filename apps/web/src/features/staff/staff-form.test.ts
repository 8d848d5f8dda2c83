import type { StaffProfile } from '@wattle/domain/staff/schemas';
import { describe, expect, it } from 'vitest';
import { StaffFormSchema, toStaffForm, toStaffUpdate } from './staff-form';

const profile: StaffProfile = {
  userId: '0190a3c4-0000-7000-8000-000000000001',
  name: 'Priya Practitioner',
  email: 'priya.practitioner@sunrise.example',
  role: 'member',
  joinedAt: '2026-01-01T00:00:00.000Z',
  qualifications: ['Master of Psychology'],
  registrations: [{ type: 'AHPRA', number: 'PSY0001234567', expiryDate: null }],
  specializations: [],
  supervisorId: null,
  supervisorName: null,
  workingWithChildrenCheck: null,
  workerScreening: { number: '1234567A', expiryDate: '2027-03-31' },
  screening: 'current',
  childrenCheck: 'missing',
  version: 3,
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('staff form', () => {
  it('round-trips a profile into the PUT body', () => {
    const parsed = StaffFormSchema.parse(toStaffForm(profile));
    expect(toStaffUpdate(parsed, profile.version)).toEqual({
      version: 3,
      qualifications: ['Master of Psychology'],
      specializations: [],
      registrations: [{ type: 'AHPRA', number: 'PSY0001234567', expiryDate: null }],
      supervisorId: null,
      workingWithChildrenCheck: null,
      workerScreening: { number: '1234567A', expiryDate: '2027-03-31' },
    });
  });

  it('sends no version before the first save', () => {
    const parsed = StaffFormSchema.parse(toStaffForm({ ...profile, version: 0 }));
    expect(toStaffUpdate(parsed, 0)).not.toHaveProperty('version');
  });

  it('asks for the missing half of a check and of a registration', () => {
    const values = toStaffForm(profile);
    values.workingWithChildrenCheck = { number: 'WWC123', expiryDate: '' };
    values.registrations = [{ type: '', number: 'X1', expiryDate: '' }];
    const result = StaffFormSchema.safeParse(values);
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toContainEqual(['workingWithChildrenCheck.expiryDate', 'Please enter the expiry date']);
    expect(messages).toContainEqual(['registrations.0.type', 'Please enter the registration type']);
  });
});
