// CONTRACT (issue 3, search/shortcuts helper fills this in): mounted once in the shell; the keyboard
// shortcuts of spec shell section 2 (g h, g w, g r, Ctrl/Cmd+K, /, Ctrl/Cmd+N, Ctrl/Cmd+S, Escape).
// Ctrl/Cmd+B belongs to the sidebar (app shell), not here.
export function GlobalShortcuts() {
  return null;
}
