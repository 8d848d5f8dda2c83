import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetTenantData, isKeyOfTenant, minimumSwitchSplashMs, runTenantSwitch } from './tenant-switch';

describe('isKeyOfTenant', () => {
  it('finds the tenant id anywhere in a key, and only that exact id', () => {
    expect(isKeyOfTenant(['tenant', 'a1', 'teams'], 'a1')).toBe(true);
    expect(isKeyOfTenant(['favorites', 'a1', 'user'], 'a1')).toBe(true);
    expect(isKeyOfTenant(['search', { tenantId: 'a1', q: 'x' }], 'a1')).toBe(true);
    expect(isKeyOfTenant(['tenant', 'a10', 'teams'], 'a1')).toBe(false);
    expect(isKeyOfTenant(['me'], 'a1')).toBe(false);
  });
});

describe('forgetTenantData', () => {
  it('removes the tenant’s queries and keeps the others', async () => {
    const client = new QueryClient();
    client.setQueryData(['tenant', 'old', 'teams'], [1]);
    client.setQueryData(['notifications', 'old'], [2]);
    client.setQueryData(['tenant', 'new', 'teams'], [3]);
    client.setQueryData(['me'], { id: 'u' });
    await forgetTenantData(client, 'old');
    expect(client.getQueryData(['tenant', 'old', 'teams'])).toBeUndefined();
    expect(client.getQueryData(['notifications', 'old'])).toBeUndefined();
    expect(client.getQueryData(['tenant', 'new', 'teams'])).toEqual([3]);
    expect(client.getQueryData(['me'])).toEqual({ id: 'u' });
  });
});

describe('runTenantSwitch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits at least the splash minimum, then switches, forgets the old tenant and goes home', async () => {
    const client = new QueryClient();
    client.setQueryData(['tenant', 'old', 'teams'], [1]);
    client.setQueryData(['tenant', 'new', 'teams'], []);
    const steps: string[] = [];
    const done = runTenantSwitch({
      queryClient: client,
      from: { id: 'old' },
      to: { id: 'new', name: 'New' },
      preload: async () => steps.push('preload'),
      currentTenantId: () => 'old',
      makeCurrent: (id) => steps.push(`current ${id}`),
      goHome: async () => {
        steps.push('home');
      },
    });
    await vi.advanceTimersByTimeAsync(minimumSwitchSplashMs - 1);
    expect(steps).toEqual(['preload']);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(steps).toEqual(['preload', 'current new', 'home']);
    expect(client.getQueryData(['tenant', 'old', 'teams'])).toBeUndefined();
  });

  it('stops when the user signed out during the splash (no tenant is current any more)', async () => {
    const client = new QueryClient();
    const steps: string[] = [];
    const done = runTenantSwitch({
      queryClient: client,
      from: { id: 'old' },
      to: { id: 'new', name: 'New' },
      preload: async () => undefined,
      currentTenantId: () => null,
      makeCurrent: (id) => steps.push(`current ${id}`),
      goHome: async () => {
        steps.push('home');
      },
    });
    await vi.advanceTimersByTimeAsync(minimumSwitchSplashMs);
    await done;
    expect(steps).toEqual([]);
  });
});
