// CONTRACT (issue 3, notifications helper fills this in): mounted once in the shell; keeps the
// GET /api/events stream open for the current tenant and invalidates matching queries (polling
// fallback every 5 s while the stream is down and the page is visible).
export function LiveUpdates() {
  return null;
}
