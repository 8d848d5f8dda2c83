import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
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
});
