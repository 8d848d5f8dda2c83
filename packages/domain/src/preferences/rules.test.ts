import { describe, expect, it } from 'vitest';
import {
  defaultAccessibilityPreferences,
  fontSizePixels,
  fontSizes,
  isAccessibilityPreferences,
  isFontSize,
} from './rules';
import { AccessibilityPreferencesSchema } from './schemas';

describe('accessibility preferences (spec shell section 2)', () => {
  it('offer five font sizes, each with its root size', () => {
    expect(fontSizes).toEqual(['extra-small', 'small', 'normal', 'large', 'extra-large']);
    expect(fontSizes.map((size) => fontSizePixels[size])).toEqual([12, 14, 16, 18, 20]);
    expect(isFontSize('large')).toBe(true);
    expect(isFontSize('huge')).toBe(false);
    expect(isFontSize(undefined)).toBe(false);
  });

  it('recognise a whole set of preferences as the API answers it, as the API’s schema does', () => {
    const values: unknown[] = [
      defaultAccessibilityPreferences,
      { highContrastMode: true, reducedMotion: true, fontSize: 'extra-large' },
      { ...defaultAccessibilityPreferences, extra: 1 },
      { ...defaultAccessibilityPreferences, fontSize: 'huge' },
      { ...defaultAccessibilityPreferences, reducedMotion: 'yes' },
      { highContrastMode: false, fontSize: 'normal' },
      null,
      'normal',
      [],
    ];
    for (const value of values) {
      const byApi = AccessibilityPreferencesSchema.safeParse(value).success;
      expect(isAccessibilityPreferences(value), JSON.stringify(value)).toBe(byApi);
    }
    expect(isAccessibilityPreferences(defaultAccessibilityPreferences)).toBe(true);
    expect(isAccessibilityPreferences({ ...defaultAccessibilityPreferences, fontSize: 'huge' })).toBe(false);
  });
});
