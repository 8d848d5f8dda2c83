import { describe, expect, it } from 'vitest';
import { pageReadsPreload } from './page-preloads';

const withSession = { wattle_session: 'a-session-token' };
const preloaded = (header: string | undefined) =>
  header?.split(', ').map((link) => /^<([^>]+)>; rel=preload; as=fetch; crossorigin$/.exec(link)?.[1]);

describe('the reads a page has the browser start beside its code', () => {
  it("behind sign-in, the guards' two reads, for someone with a session", () => {
    for (const page of ['/inbox', '/', '/card/0195e3a0-0000-7000-8000-000000000000']) {
      expect(preloaded(pageReadsPreload(page, withSession, 'demo')), page).toEqual([
        '/api/me',
        '/api/tenants',
      ]);
    }
    expect(pageReadsPreload('/inbox', {}, 'demo')).toBeUndefined();
  });

  it('on the sign-in page, which sign-in the server runs and, in demo mode, the people to pick from', () => {
    for (const cookies of [{}, withSession]) {
      expect(preloaded(pageReadsPreload('/login', cookies, 'demo'))).toEqual([
        '/api/auth/config',
        '/api/auth/demo/users',
      ]);
      expect(preloaded(pageReadsPreload('/login', cookies, 'oidc'))).toEqual(['/api/auth/config']);
    }
  });

  it('nothing on an invitation, which has neither', () => {
    expect(pageReadsPreload('/invite/an-invite-token', withSession, 'demo')).toBeUndefined();
  });
});
