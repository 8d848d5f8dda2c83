import { describe, expect, it } from 'vitest';
import { FieldValidationSchema } from './schemas';

describe('FieldValidationSchema patterns', () => {
  it('accepts simple patterns', () => {
    expect(FieldValidationSchema.safeParse({ pattern: '^\\d{9}$' }).success).toBe(true);
    expect(FieldValidationSchema.safeParse({ pattern: '^[A-Z]{3}-\\d+$' }).success).toBe(true);
  });

  it('refuses patterns that do not compile or could backtrack for ever', () => {
    expect(FieldValidationSchema.safeParse({ pattern: '([a-z' }).success).toBe(false);
    expect(FieldValidationSchema.safeParse({ pattern: '^(a+)+$' }).success).toBe(false);
    expect(FieldValidationSchema.safeParse({ pattern: '(\\w*)*x' }).success).toBe(false);
    expect(FieldValidationSchema.safeParse({ pattern: '(\\d{2,})+' }).success).toBe(false);
  });
});
