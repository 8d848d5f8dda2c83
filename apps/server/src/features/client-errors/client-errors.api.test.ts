import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(() => t.close());

describe('client error reports', () => {
  it('accepts a report from the error screen, signed in or not', async () => {
    const res = await t.anonymous().post('/api/client-errors', {
      errorId: 'ERR-MHX2K1-AB12CD',
      name: 'TypeError',
      message: "Cannot read properties of undefined (reading 'map')",
      stack: 'TypeError: …\n    at InboxPage',
      url: 'http://localhost:3000/inbox',
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ success: true });
  });

  it('refuses an oversized or malformed report', async () => {
    const huge = await t.anonymous().post('/api/client-errors', {
      errorId: 'ERR-1-2',
      name: 'Error',
      message: 'x'.repeat(2001),
      url: '/',
    });
    expect(huge.status).toBe(400);
    const badId = await t.anonymous().post('/api/client-errors', {
      errorId: '<script>',
      name: 'Error',
      message: 'm',
      url: '/',
    });
    expect(badId.status).toBe(400);
  });
});
