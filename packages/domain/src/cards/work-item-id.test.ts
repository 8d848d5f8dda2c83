import { describe, expect, it } from 'vitest';
import { CardSchema } from './schemas';
import { formatWorkItemId, tenantPrefix } from './work-item-id';

describe('tenantPrefix', () => {
  it('takes the first three letters of the tenant name, upper-case', () => {
    expect(tenantPrefix('Sunrise Support Network')).toBe('SUN');
    expect(tenantPrefix('Bluegum Disability Services')).toBe('BLU');
  });

  it('skips anything that is not a letter and pads short names with X', () => {
    expect(tenantPrefix('Al')).toBe('ALX');
    expect(tenantPrefix('  4 U Care')).toBe('UCA');
    expect(tenantPrefix("O'Brien & Co")).toBe('OBR');
    expect(tenantPrefix('123')).toBe('XXX');
    expect(tenantPrefix('')).toBe('XXX');
  });

  it('keeps only A-Z, dropping accents, so other letters never leak into the id', () => {
    expect(tenantPrefix('Église Ōtaki')).toBe('EGL');
    expect(tenantPrefix('Ōtaki Whānau')).toBe('OTA');
    expect(tenantPrefix('Ærø Care')).toBe('RCA');
  });
});

describe('formatWorkItemId', () => {
  it('pads the sequence to five digits', () => {
    expect(formatWorkItemId('SUN', 42)).toBe('SUN-00042');
    expect(formatWorkItemId('BLU', 1)).toBe('BLU-00001');
    expect(formatWorkItemId('SUN', 99_999)).toBe('SUN-99999');
  });

  it('keeps every digit past 99,999, as the card schema allows', () => {
    const id = formatWorkItemId('SUN', 123_456);
    expect(id).toBe('SUN-123456');
    expect(CardSchema.shape.workItemId.safeParse(id).success).toBe(true);
  });

  it('refuses sequences that are not whole non-negative numbers', () => {
    expect(() => formatWorkItemId('SUN', -1)).toThrow(RangeError);
    expect(() => formatWorkItemId('SUN', 1.5)).toThrow(RangeError);
  });
});
