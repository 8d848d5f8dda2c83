// CONTRACT (issue 3, search/shortcuts helper fills this in): mounted once in the shell; opens on
// openGlobalSearch() from '@/lib/global-events'.
export function GlobalSearchDialog() {
  return null;
}
