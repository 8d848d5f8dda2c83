import { describe, expect, it } from 'vitest';
import { InviteEmailSchema } from './schemas';

const messageOf = (email: string) => InviteEmailSchema.safeParse(email).error?.issues[0]?.message;

describe("a team member's e-mail", () => {
  it('asks for one when the box is empty, and says it is not valid when something else was typed', () => {
    expect(messageOf('')).toBe('Please enter an email address');
    expect(messageOf('   ')).toBe('Please enter an email address');
    expect(messageOf('not-an-email')).toBe('Please enter a valid email address');
    expect(messageOf('bad@')).toBe('Please enter a valid email address');
  });

  it('takes an address trimmed and in lower case', () => {
    expect(InviteEmailSchema.parse('  Theo.Therapist@Sunrise.example ')).toBe(
      'theo.therapist@sunrise.example',
    );
  });
});
