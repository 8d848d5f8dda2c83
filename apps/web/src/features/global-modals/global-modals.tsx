// CONTRACT (issue 3, search/shortcuts helper fills this in): mounted once in the shell; opens the
// modal named by openGlobalModal() from '@/lib/global-events' with the spec's sizes.
export function GlobalModals() {
  return null;
}
