// CONTRACT (issue 3, preferences helper fills this in): /settings/appearance.
export function AppearancePage() {
  return null;
}
