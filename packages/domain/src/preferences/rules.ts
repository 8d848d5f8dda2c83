/**
 * Accessibility preferences without a parsing library: the five font sizes, the defaults and the
 * keyboard-navigation timings (spec shell section 2). The web applies these on every page before
 * anything else shows, so this module stays free of zod; `schemas.ts` beside it validates the API.
 */

/** Five font sizes (spec shell section 2, accessibility settings), with the root size each sets. */
export const fontSizes = ['extra-small', 'small', 'normal', 'large', 'extra-large'] as const;
export type FontSize = (typeof fontSizes)[number];
export const fontSizePixels: Record<FontSize, number> = {
  'extra-small': 12,
  small: 14,
  normal: 16,
  large: 18,
  'extra-large': 20,
};

export interface AccessibilityPreferences {
  highContrastMode: boolean;
  reducedMotion: boolean;
  fontSize: FontSize;
}

export const defaultAccessibilityPreferences: AccessibilityPreferences = {
  highContrastMode: false,
  reducedMotion: false,
  fontSize: 'normal',
};

export function isFontSize(value: unknown): value is FontSize {
  return (fontSizes as readonly unknown[]).includes(value);
}

/** True for a whole set of preferences as the API answers it (`GET`/`PATCH /api/me/preferences`). */
export function isAccessibilityPreferences(value: unknown): value is AccessibilityPreferences {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.highContrastMode === 'boolean' &&
    typeof candidate.reducedMotion === 'boolean' &&
    isFontSize(candidate.fontSize)
  );
}

/** Keyboard-navigation focus mode timings (spec shell section 2). */
export const keyboardModeDismissMs = 500;
export const mouseSuppressesKeyboardModeMs = 1000;
