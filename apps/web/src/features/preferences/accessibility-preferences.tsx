// CONTRACT (issue 3, preferences helper fills this in): mounted once for signed-in users; applies the
// saved accessibility preferences (high contrast, reduced motion, font size) and the keyboard
// focus mode to the whole document.
export function AccessibilityPreferencesApplier() {
  return null;
}
