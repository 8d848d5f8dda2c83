/**
 * Runs in a worker of its own as the app starts (locale-data-warm-up.ts): makes and uses one of each
 * kind of en-AU date, relative-time and number format the pages draw, then closes. The browser's
 * locale data (ICU) is loaded once per process and shared by its threads, so the page's own first
 * format then finds it loaded.
 */
function makeEachFormatOnce(): void {
  const now = new Date();
  new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' }).format(now);
  new Intl.DateTimeFormat('en-AU', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(now);
  new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit' }).format(now);
  new Intl.DateTimeFormat('en-AU', { dateStyle: 'full', timeStyle: 'short' }).format(now);
  new Intl.RelativeTimeFormat('en-AU', { numeric: 'auto' }).format(-1, 'day');
  new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(1234.5);
}

makeEachFormatOnce();
self.close();
