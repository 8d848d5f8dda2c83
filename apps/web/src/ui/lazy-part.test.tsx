import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazy-part';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

function drawn(element: React.ReactNode): string {
  return renderToString(<Suspense fallback={<p>Loading...</p>}>{element}</Suspense>);
}

describe('lazyPart', () => {
  it('shows the fallback while its code has not loaded', () => {
    const Part = lazyPart(() => new Promise<{ Greeting: typeof Greeting }>(() => undefined), 'Greeting');
    expect(drawn(<Part name="Priya" />)).toContain('Loading...');
  });

  it('is drawn with the page, no fallback first, once its code has been preloaded', async () => {
    let loads = 0;
    const Part = lazyPart(async () => {
      loads += 1;
      return { Greeting };
    }, 'Greeting');
    await Part.preload();
    const html = drawn(<Part name="Priya" />);
    expect(html).toContain('Hello <!-- -->Priya');
    expect(html).not.toContain('Loading...');
    expect(loads).toBe(1);
  });

  it('says which part could not be loaded when its code fails to load', async () => {
    const Part = lazyPart(() => Promise.reject(new Error('offline')), 'Greeting');
    await expect(Part.preload()).rejects.toMatchObject({
      name: 'PartLoadError',
      message: 'Could not load Greeting',
    });
  });

  it('tells when no part is loading, whether the loads succeeded or failed', async () => {
    // A module of its own: another test here leaves a load that never ends.
    vi.resetModules();
    const { lazyPart: freshLazyPart, partsLoading } = await import('./lazy-part');
    let finish = () => {};
    const Form = freshLazyPart(
      () => new Promise<{ Greeting: typeof Greeting }>((resolve) => (finish = () => resolve({ Greeting }))),
      'Greeting',
    );
    const Board = freshLazyPart(() => Promise.reject(new Error('offline')), 'Greeting');
    let settled = false;
    void Form.preload();
    void Board.preload().catch(() => undefined);
    const done = partsLoading().then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    finish();
    await done;
    expect(settled).toBe(true);
    // Nothing loading: at once.
    await expect(partsLoading()).resolves.toBeUndefined();
  });
});
