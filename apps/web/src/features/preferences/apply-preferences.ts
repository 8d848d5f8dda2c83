import { type AccessibilityPreferences, fontSizePixels } from '@wattle/domain/preferences/rules';

/** The classes on <html> that accessibility.css styles. */
export const highContrastClass = 'high-contrast';
export const reduceMotionClass = 'reduce-motion';
export const keyboardNavigationClass = 'keyboard-navigation';

/** The parts of document.documentElement the preferences change. */
export interface PreferenceRoot {
  classList: { toggle: (token: string, force: boolean) => unknown; remove: (...tokens: string[]) => void };
  style: { fontSize: string };
  dataset: Record<string, string | undefined>;
}

/**
 * Applies the preferences to the whole document: high contrast and reduced motion as classes, the
 * font size as the root size every rem-based size follows. Reduced motion is also on when the
 * operating system asks for it (prefers-reduced-motion), whatever the saved preference says.
 */
export function applyAccessibilityPreferences(
  root: PreferenceRoot,
  preferences: AccessibilityPreferences,
  systemPrefersReducedMotion: boolean,
): void {
  root.classList.toggle(highContrastClass, preferences.highContrastMode);
  root.classList.toggle(reduceMotionClass, preferences.reducedMotion || systemPrefersReducedMotion);
  root.style.fontSize = `${fontSizePixels[preferences.fontSize]}px`;
  root.dataset.fontSize = preferences.fontSize;
}

/** Back to the browser's defaults (signed out: the next person at this browser has their own). */
export function clearAccessibilityPreferences(root: PreferenceRoot): void {
  root.classList.remove(highContrastClass, reduceMotionClass, keyboardNavigationClass);
  root.style.fontSize = '';
  delete root.dataset.fontSize;
}
