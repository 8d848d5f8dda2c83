import { describe, expect, it } from 'vitest';
import { timerTimeCodeId } from './last-time-code';

const codes = [
  { id: 'a', code: '01_011_0107_1_1', isActive: true },
  { id: 'b', code: '01_013_0107_1_1', isActive: true },
  { id: 'c', code: '15_054_0128_6_1', isActive: false },
];

describe('timerTimeCodeId', () => {
  it('starts with the code last used while it is active', () => {
    expect(timerTimeCodeId(codes, 'a')).toBe('a');
  });

  it('falls back to the dialog’s default when the last code is inactive, gone or unknown', () => {
    expect(timerTimeCodeId(codes, 'c')).toBe('b');
    expect(timerTimeCodeId(codes, 'zzz')).toBe('b');
    expect(timerTimeCodeId(codes, undefined)).toBe('b');
    expect(timerTimeCodeId([{ id: 'c', code: '15_054_0128_6_1', isActive: false }], undefined)).toBeNull();
  });
});
