import { z } from 'zod';

/** Five font sizes (spec shell section 2, accessibility settings), with the root size each sets. */
export const fontSizes = ['extra-small', 'small', 'normal', 'large', 'extra-large'] as const;
export const FontSizeSchema = z.enum(fontSizes);
export type FontSize = z.infer<typeof FontSizeSchema>;
export const fontSizePixels: Record<FontSize, number> = {
  'extra-small': 12,
  small: 14,
  normal: 16,
  large: 18,
  'extra-large': 20,
};

export const AccessibilityPreferencesSchema = z.object({
  highContrastMode: z.boolean(),
  reducedMotion: z.boolean(),
  fontSize: FontSizeSchema,
});
export type AccessibilityPreferences = z.infer<typeof AccessibilityPreferencesSchema>;

export const defaultAccessibilityPreferences: AccessibilityPreferences = {
  highContrastMode: false,
  reducedMotion: false,
  fontSize: 'normal',
};

/** A partial update: only the preferences sent change. */
export const UpdateAccessibilityPreferencesSchema = AccessibilityPreferencesSchema.partial().refine(
  (body) => Object.keys(body).length > 0,
  { message: 'Nothing to update' },
);

/** Keyboard-navigation focus mode timings (spec shell section 2). */
export const keyboardModeDismissMs = 500;
export const mouseSuppressesKeyboardModeMs = 1000;
