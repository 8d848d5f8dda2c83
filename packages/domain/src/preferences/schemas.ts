import { z } from 'zod';
import { type AccessibilityPreferences, fontSizes } from './rules';

export const FontSizeSchema = z.enum(fontSizes);

export const AccessibilityPreferencesSchema = z.object({
  highContrastMode: z.boolean(),
  reducedMotion: z.boolean(),
  fontSize: FontSizeSchema,
}) satisfies z.ZodType<AccessibilityPreferences>;

/** A partial update: only the preferences sent change. */
export const UpdateAccessibilityPreferencesSchema = AccessibilityPreferencesSchema.partial().refine(
  (body) => Object.keys(body).length > 0,
  { message: 'Nothing to update' },
);
