import { firstPaintTenantCookie } from '@wattle/domain/auth/signed-in-pages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCurrentTenantId, setCurrentTenantId } from './current-tenant';

describe('the current tenant', () => {
  afterEach(() => {
    setCurrentTenantId(null);
    vi.unstubAllGlobals();
  });

  it('is remembered in a cookie for the server’s first paint, and forgotten with it', () => {
    const written: string[] = [];
    vi.stubGlobal('document', {
      set cookie(value: string) {
        written.push(value);
      },
    });
    setCurrentTenantId('0195e3a0-0000-7000-8000-000000000001');
    expect(getCurrentTenantId()).toBe('0195e3a0-0000-7000-8000-000000000001');
    expect(written.at(-1)).toBe(
      `${firstPaintTenantCookie}=0195e3a0-0000-7000-8000-000000000001; Path=/; Max-Age=31536000; SameSite=Lax`,
    );

    setCurrentTenantId(null);
    expect(written.at(-1)).toBe(`${firstPaintTenantCookie}=; Path=/; Max-Age=0; SameSite=Lax`);
    expect(written).toHaveLength(2);
  });

  it('is marked Secure on an https page', () => {
    const written: string[] = [];
    vi.stubGlobal('document', {
      set cookie(value: string) {
        written.push(value);
      },
    });
    vi.stubGlobal('location', { protocol: 'https:' });
    setCurrentTenantId('0195e3a0-0000-7000-8000-000000000002');
    expect(written.at(-1)).toMatch(/; SameSite=Lax; Secure$/);
  });
});
