import { describe, expect, it } from 'vitest';
import { pageWithFirstPaint } from './first-paint';

const built = `<!doctype html>
<html lang="en-AU">
  <head>
    <script type="module" crossorigin src="/assets/index-B607uwqB.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-BCiCTKAo.js">
    <link rel="modulepreload" crossorigin href="/assets/startup-DMpq5WT6.js">
    <link rel="stylesheet" crossorigin href="/assets/startup-BoMeLdvY.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('pageWithFirstPaint', () => {
  it('puts the markup in the root, inert, and starts the app after the paint without preloading it', () => {
    const page =
      pageWithFirstPaint(built, { markup: '<main>Inbox</main>', htmlAttributes: {}, data: '{}' }) ?? '';
    expect(page).toContain('<div id="root"><div data-first-paint inert><main>Inbox</main></div></div>');
    expect(page).toContain(
      '<script src="/boot-after-paint.js" data-entry="/assets/index-B607uwqB.js" defer></script>',
    );
    expect(page).not.toContain('type="module"');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/startup-BoMeLdvY.css">');
  });

  it('gives <html> the attributes the app would give it as it starts, escaped', () => {
    const page = pageWithFirstPaint(built, {
      markup: '<main>Inbox</main>',
      data: '{}',
      htmlAttributes: {
        class: 'high-contrast',
        style: 'font-size:20px;--primary:#ea580c',
        'data-font-size': 'x-large',
        'on load': 'alert(1)',
        title: '"><script>',
      },
    });
    expect(page).toContain(
      '<html lang="en-AU" class="high-contrast" style="font-size:20px;--primary:#ea580c" data-font-size="x-large" title="&quot;>&lt;script>">',
    );
    expect(page).not.toContain('alert(1)');
  });

  it('carries the answers the page was drawn from as JSON that no text in them can break out of', () => {
    const data = JSON.stringify({ note: '</script><script>alert(1)</script><!--' });
    const page = pageWithFirstPaint(built, { markup: '<main>Inbox</main>', htmlAttributes: {}, data }) ?? '';
    const block = /<script type="application\/json" id="first-paint-data">([\s\S]*?)<\/script>/.exec(page);
    expect(block?.[1]).toBeDefined();
    expect(block?.[1]).not.toContain('<');
    expect(JSON.parse(block?.[1] ?? '')).toEqual({ note: '</script><script>alert(1)</script><!--' });
    // Beside the root, not in it: React hydrates the root's markup alone.
    expect(page).toContain('</div></div><script type="application/json" id="first-paint-data">');
  });

  it("keeps a $ in someone's text as it is", () => {
    const markup = "<p>Paid $380.00, then $& and $' and $1</p>";
    expect(pageWithFirstPaint(built, { markup, htmlAttributes: {}, data: '{}' })).toContain(
      `<div data-first-paint inert>${markup}</div>`,
    );
  });

  it('gives nothing for a page not built as expected, which is then sent as it is', () => {
    const drawn = { markup: 'x', htmlAttributes: {}, data: '{}' };
    expect(pageWithFirstPaint(built.replace('<div id="root"></div>', '<div id="app"></div>'), drawn)).toBe(
      undefined,
    );
    expect(pageWithFirstPaint(built.replace(/<script[^>]*><\/script>/, ''), drawn)).toBeUndefined();
  });
});
