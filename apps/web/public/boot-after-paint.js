// Starts the app's code once the browser has painted the server's first paint of the page
// (docs/decisions/0041-server-first-paint.md). As a module script in the page, the app's code ran
// before that paint: 700–900 ms into a warm load at 4x CPU slowdown instead of 300–400 ms (issue 19).
(() => {
  const script = document.currentScript;
  const entry = script?.dataset.entry;
  if (!entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    import(entry).catch(() => {
      const root = document.getElementById('root');
      if (root) root.textContent = 'Wattle could not load. Reload the page to try again.';
    });
  };
  // A hidden tab paints nothing until shown: start at once there.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start));
})();
