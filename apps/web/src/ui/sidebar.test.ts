import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSidebarOpen, sidebarAttribute } from './sidebar';

function stubPage({ cookie, drawn }: { cookie: string; drawn?: string }): { cookieReads: number } {
  const reads = { cookieReads: 0 };
  vi.stubGlobal('document', {
    documentElement: { dataset: drawn === undefined ? {} : { sidebar: drawn } },
    get cookie(): string {
      reads.cookieReads += 1;
      return cookie;
    },
  });
  return reads;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readSidebarOpen', () => {
  it("takes the page's <html data-sidebar>, set by the server's first paint, without reading the cookie", () => {
    const collapsed = stubPage({ cookie: 'sidebar_state=true', drawn: sidebarAttribute(false) });
    expect(readSidebarOpen()).toBe(false);
    expect(collapsed.cookieReads).toBe(0);
    stubPage({ cookie: 'sidebar_state=false', drawn: sidebarAttribute(true) });
    expect(readSidebarOpen()).toBe(true);
  });

  it('reads the sidebar_state cookie where the page has no first paint: open unless it says false', () => {
    const page = stubPage({ cookie: 'a=1; sidebar_state=false' });
    expect(readSidebarOpen()).toBe(false);
    expect(page.cookieReads).toBe(1);
    stubPage({ cookie: 'a=1' });
    expect(readSidebarOpen()).toBe(true);
  });
});
