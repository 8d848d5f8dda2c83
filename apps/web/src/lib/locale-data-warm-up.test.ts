import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpLocaleData } from './locale-data-warm-up';

describe('warmUpLocaleData', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts the warm-up script as a module worker', () => {
    const started: { url: string; options: WorkerOptions | undefined }[] = [];
    vi.stubGlobal(
      'Worker',
      class {
        constructor(url: URL | string, options?: WorkerOptions) {
          started.push({ url: String(url), options });
        }
      },
    );
    warmUpLocaleData();
    expect(started).toHaveLength(1);
    expect(started[0]?.url).toMatch(/locale-data-warm-up\.worker\.ts/);
    expect(started[0]?.options?.type).toBe('module');
  });

  it('leaves the page to load the data itself where a worker cannot start', () => {
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('Workers are blocked', 'SecurityError');
        }
      },
    );
    expect(() => warmUpLocaleData()).not.toThrow();
    vi.stubGlobal('Worker', undefined);
    expect(() => warmUpLocaleData()).not.toThrow();
  });
});
