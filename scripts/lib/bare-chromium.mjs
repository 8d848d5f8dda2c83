// Debian's Chromium driven over the DevTools protocol with nothing switched on but what a page load's
// measurement needs, for benchmarks of how fast a page loads as its users see it.
//
// Playwright switches on the protocol's Runtime domain in every page it drives, and with it V8's
// inspector captures a detailed stack trace, source positions included, for every error the page's
// code creates (caught or not). Finding those positions makes V8 parse the script again: for the
// app's startup chunk, about 280 ms of its first task at 4x CPU slowdown that no user's browser
// spends (issue 19, 30 November; docs/performance.md). Here nothing but Page (for the script
// installed before the page's own), Emulation and Target is switched on; Runtime.evaluate, which
// reads the page's figures, works without the domain.
//
// The pipe (--remote-debugging-pipe: fd 3 in, fd 4 out, messages ended by a NUL byte) is how
// Playwright itself talks to Chromium, so no port is opened and no WebSocket client is needed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The switches Playwright starts Chromium with that bear on speed (background throttling of timers
 * and renderers, field trials, hang monitoring…) and on how a headless page is drawn, so that a page
 * loads here as it does in Playwright's Chromium but for the Runtime domain.
 */
const asPlaywrightStartsIt = [
  '--headless',
  '--hide-scrollbars',
  '--mute-audio',
  '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4',
  '--disable-field-trial-config',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-back-forward-cache',
  '--disable-ipc-flooding-protection',
  '--disable-hang-monitor',
  '--disable-breakpad',
  '--disable-extensions',
  '--disable-default-apps',
  '--disable-dev-shm-usage',
  '--allow-pre-commit-input',
  '--force-color-profile=srgb',
  // Paint holding among them: a page's first paint is not held back for a same-origin navigation.
  '--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,AvoidCorsURLLoaderRestartOnRedirect,OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch',
  '--disable-component-extensions-with-background-pages',
  '--disable-popup-blocking',
  '--disable-prompt-on-repost',
  '--no-service-autorun',
  '--disable-search-engine-choice-screen',
  '--metrics-recording-only',
  '--password-store=basic',
  '--no-default-browser-check',
  '--no-startup-window',
  '--disable-stack-profiler',
  '--disable-updater-scheduler',
  '--use-mock-keychain',
  '--enable-unsafe-swiftshader',
  '--disable-infobars',
  '--enable-features=CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies',
];

/**
 * Starts Chromium (`args`: the flags the machine needs) and returns `{ newPage, close }`.
 * `newPage({ cookies, viewport, cpu, initScripts })` opens a page in a new browser context (an
 * empty HTTP cache, as a new Playwright context has) and returns `{ goto, evaluate, waitFor, trace,
 * close }`.
 */
export async function launchBareChromium({ executablePath = '/usr/bin/chromium', args = [] } = {}) {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'wattle-bare-chromium-'));
  const child = spawn(
    executablePath,
    [...asPlaywrightStartsIt, ...args, '--remote-debugging-pipe', `--user-data-dir=${userDataDir}`],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const [, , , input, output] = child.stdio;
  let nextId = 0;
  const pending = new Map();
  const listeners = new Set();
  let buffered = '';
  output.setEncoding('utf8');
  output.on('data', (chunk) => {
    buffered += chunk;
    let end = buffered.indexOf('\0');
    while (end !== -1) {
      const message = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      end = buffered.indexOf('\0');
      if (message.id !== undefined && pending.has(message.id)) {
        const { resolve, reject, method } = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      } else if (message.method) {
        for (const listener of listeners) listener(message);
      }
    }
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('exit', () => {
    for (const { reject, method } of pending.values()) reject(new Error(`${method}: Chromium exited`));
    pending.clear();
  });

  const send = (method, params = {}, sessionId = undefined) =>
    new Promise((resolve, reject) => {
      nextId += 1;
      pending.set(nextId, { resolve, reject, method });
      input.write(`${JSON.stringify({ id: nextId, method, params, sessionId })}\0`);
    });
  const nextEvent = (predicate) =>
    new Promise((resolve) => {
      const listener = (message) => {
        if (!predicate(message)) return;
        listeners.delete(listener);
        resolve(message);
      };
      listeners.add(listener);
    });

  await send('Browser.getVersion');

  async function newPage({ cookies = [], viewport, cpu = 1, initScripts = [] }) {
    const { browserContextId } = await send('Target.createBrowserContext', { disposeOnDetach: true });
    if (cookies.length > 0) await send('Storage.setCookies', { cookies, browserContextId });
    const { targetId } = await send('Target.createTarget', { url: 'about:blank', browserContextId });
    const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
    const page = (method, params) => send(method, params, sessionId);
    await page('Page.enable');
    if (viewport) {
      await page('Emulation.setDeviceMetricsOverride', { ...viewport, deviceScaleFactor: 1, mobile: false });
    }
    // As Playwright does: the page has the focus, as the one a person is looking at.
    await page('Emulation.setFocusEmulationEnabled', { enabled: true });
    await page('Emulation.setCPUThrottlingRate', { rate: cpu });
    for (const source of initScripts) await page('Page.addScriptToEvaluateOnNewDocument', { source });

    /** `fn(arg)` in the page, its result (JSON) returned; a promise is awaited. */
    const evaluate = async (fn, arg) => {
      const { result, exceptionDetails } = await page('Runtime.evaluate', {
        expression: `(${fn})(${JSON.stringify(arg)})`,
        awaitPromise: true,
        returnByValue: true,
      });
      if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
      return result.value;
    };
    return {
      /**
       * Navigates; resolves once the navigation has begun ('commit', as Playwright's) or once the new
       * document has loaded ('load': a page left for about:blank must be gone before the next load is
       * measured, or the two overlap).
       */
      async goto(url, { waitUntil = 'commit' } = {}) {
        const loaded =
          waitUntil === 'load'
            ? nextEvent(
                (message) => message.sessionId === sessionId && message.method === 'Page.loadEventFired',
              )
            : undefined;
        const { errorText } = await page('Page.navigate', { url });
        if (errorText) throw new Error(`${url}: ${errorText}`);
        await loaded;
      },
      evaluate,
      /** Resolves when `fn(arg)` is truthy in the page, polling every `polling` ms. */
      async waitFor(fn, arg, { timeout = 60_000, polling = 50 } = {}) {
        const until = Date.now() + timeout;
        for (;;) {
          try {
            if (await evaluate(fn, arg)) return;
          } catch {
            // The page is between documents: ask again.
          }
          if (Date.now() > until) throw new Error(`waited ${timeout} ms for ${fn}`);
          await new Promise((resolve) => setTimeout(resolve, polling));
        }
      },
      /** Starts a Performance trace (`categories`); the returned function stops it and gives its JSON. */
      async trace(categories) {
        await send('Tracing.start', {
          traceConfig: { includedCategories: categories },
          transferMode: 'ReturnAsStream',
        });
        return async () => {
          const complete = nextEvent((message) => message.method === 'Tracing.tracingComplete');
          await send('Tracing.end');
          const { params } = await complete;
          let text = '';
          for (;;) {
            const chunk = await send('IO.read', { handle: params.stream });
            text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
            if (chunk.eof) break;
          }
          await send('IO.close', { handle: params.stream });
          return text;
        };
      },
      async close() {
        await send('Target.disposeBrowserContext', { browserContextId });
      },
    };
  }

  async function close() {
    try {
      await send('Browser.close');
    } catch {
      child.kill();
    }
    await exited;
    rmSync(userDataDir, { recursive: true, force: true });
  }
  return { newPage, close };
}
