import { describe, expect, it } from 'vitest';
import { lazyModule } from './lazy-module';

describe('lazyModule', () => {
  it('imports once, however many controls ask, and then has the module at hand', async () => {
    let imports = 0;
    const module = lazyModule(async () => {
      imports += 1;
      return { name: 'menu' };
    });
    expect(module.current()).toBeUndefined();
    const [first, second] = await Promise.all([module.load(), module.load()]);
    expect(first).toBe(second);
    expect(imports).toBe(1);
    expect(module.current()).toBe(first);
    await module.load();
    expect(imports).toBe(1);
  });

  it('tries again after a failed import (offline for a moment)', async () => {
    let imports = 0;
    const module = lazyModule(async () => {
      imports += 1;
      if (imports === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { name: 'tooltip' };
    });
    await expect(module.load()).rejects.toThrow('Failed to fetch');
    expect(module.current()).toBeUndefined();
    await expect(module.load()).resolves.toEqual({ name: 'tooltip' });
    expect(imports).toBe(2);
  });
});
