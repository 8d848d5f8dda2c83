import { describe, expect, it } from 'vitest';
import { parseSupportItemNumber, SupportItemNumberSchema, supportItemNumberMessage } from './catalogue';

describe('parseSupportItemNumber', () => {
  it('reads category, sequence, registration group, outcome and purpose', () => {
    expect(parseSupportItemNumber('01_011_0107_1_1')).toEqual({
      category: '01',
      sequence: '011',
      registrationGroup: '0107',
      outcome: '1',
      purpose: '1',
    });
    expect(parseSupportItemNumber(' 15_054_0128_6_1 ')).toMatchObject({ category: '15', purpose: '1' });
  });

  it('takes the letter suffix some items carry', () => {
    expect(parseSupportItemNumber('01_011_0107_1_1_T')).toMatchObject({ sequence: '011' });
  });

  it('refuses a wrong structure or a category that does not exist', () => {
    for (const value of [
      '01_011_107_1_1',
      '1_011_0107_1_1',
      '01-011-0107-1-1',
      '01_011_0107_1',
      '16_011_0107_1_1',
      '',
    ]) {
      expect(parseSupportItemNumber(value), value).toBeNull();
    }
  });

  it('gives the schema its message', () => {
    const result = SupportItemNumberSchema.safeParse('01_011_107_1_1');
    expect(result.error?.issues[0]?.message).toBe(supportItemNumberMessage);
  });
});
