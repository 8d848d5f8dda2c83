import { describe, expect, it } from 'vitest';
import { pageReadsPreload } from './page-preloads';

const withSession = { wattle_session: 'a-session-token' };
const preloaded = (header: string | undefined) =>
  header?.split(', ').map((link) => /^<([^>]+)>; rel=preload; as=fetch; crossorigin$/.exec(link)?.[1]);

describe('the reads a page has the browser start beside its code', () => {
  it("behind sign-in, the guards' two reads, for someone with a session", () => {
    for (const page of ['/inbox', '/', '/card/0195e3a0-0000-7000-8000-000000000000']) {
      expect(preloaded(pageReadsPreload(page, withSession)), page).toEqual(['/api/me', '/api/tenants']);
    }
    expect(pageReadsPreload('/inbox', {})).toBeUndefined();
  });

  it('nothing on the pages without those guards: sign-in and an invitation', () => {
    for (const page of ['/login', '/invite/an-invite-token']) {
      expect(pageReadsPreload(page, withSession), page).toBeUndefined();
    }
  });
});
