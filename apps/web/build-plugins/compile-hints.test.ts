import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { chunksCalledOnLoad, compileHintComment, compileHints } from './compile-hints';

type Bundle = Rolldown.OutputBundle;

function chunk(
  fileName: string,
  options: { isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; moduleIds?: string[] } = {},
) {
  return {
    type: 'chunk',
    fileName,
    isEntry: options.isEntry ?? false,
    imports: options.imports ?? [],
    dynamicImports: options.dynamicImports ?? [],
    moduleIds: options.moduleIds ?? [],
    code: `const __vite__mapDeps = [];\nexport const ${fileName.replace(/\W/g, '_')} = 1;\n`,
    map: { mappings: ';AAAA' },
  };
}

function asset(fileName: string, source: string) {
  return { type: 'asset', fileName, source };
}

function bundleOf(...files: { fileName: string }[]): Bundle {
  return Object.fromEntries(files.map((file) => [file.fileName, file])) as unknown as Bundle;
}

function runPlugin(bundle: Bundle) {
  const hook = compileHints().generateBundle as { handler: (options: unknown, bundle: Bundle) => void };
  hook.handler({}, bundle);
}

describe('chunksCalledOnLoad', () => {
  it('is the entry and what it imports statically, however deep, not what it loads on demand', () => {
    const bundle = bundleOf(
      chunk('index.js', {
        isEntry: true,
        imports: ['react.js', 'router.js'],
        dynamicImports: ['inbox-page.js'],
      }),
      chunk('react.js'),
      chunk('router.js', { imports: ['runtime.js'] }),
      chunk('runtime.js'),
      chunk('inbox-page.js', { imports: ['react.js', 'editor.js'] }),
      chunk('editor.js'),
      asset('index.css', 'body{}'),
    );
    expect([...chunksCalledOnLoad(bundle)].sort()).toEqual([
      'index.js',
      'react.js',
      'router.js',
      'runtime.js',
    ]);
  });

  it("adds a named page's chunk and what it imports statically, not the other pages", () => {
    const bundle = bundleOf(
      chunk('index.js', { isEntry: true, dynamicImports: ['card-page.js', 'inbox-page.js'] }),
      chunk('card-page.js', { imports: ['form.js'], moduleIds: ['/app/src/features/cards/card-page.tsx'] }),
      chunk('form.js', { imports: ['icons.js'] }),
      chunk('icons.js'),
      chunk('inbox-page.js', {
        imports: ['icons.js'],
        moduleIds: ['/app/src/features/inbox/inbox-page.tsx'],
      }),
    );
    expect([...chunksCalledOnLoad(bundle, [/cards[\\/]card-page\.tsx$/])].sort()).toEqual([
      'card-page.js',
      'form.js',
      'icons.js',
      'index.js',
    ]);
  });

  it('visits a chunk imported twice once, and survives import cycles', () => {
    const bundle = bundleOf(
      chunk('index.js', { isEntry: true, imports: ['a.js', 'b.js'] }),
      chunk('a.js', { imports: ['b.js'] }),
      chunk('b.js', { imports: ['a.js'] }),
    );
    expect([...chunksCalledOnLoad(bundle)].sort()).toEqual(['a.js', 'b.js', 'index.js']);
  });
});

describe('compileHints', () => {
  it('writes the hint on the first line of the chunks called on load, above anything Vite wrote there', () => {
    const bundle = bundleOf(chunk('index.js', { isEntry: true }), chunk('page.js'));
    runPlugin(bundle);
    const entry = bundle['index.js'] as Rolldown.OutputChunk;
    expect(entry.code.split('\n')[0]).toBe(compileHintComment);
    expect(entry.code.split('\n')[1]).toBe('const __vite__mapDeps = [];');
    expect((bundle['page.js'] as Rolldown.OutputChunk).code).not.toContain(compileHintComment);
  });

  it("moves the chunk's source map down the added line, in the chunk and in the written .map file", () => {
    const map = { version: 3, sources: ['src/main.tsx'], mappings: ';AAAA,CAAC' };
    const bundle = bundleOf(chunk('index.js', { isEntry: true }), asset('index.js.map', JSON.stringify(map)));
    runPlugin(bundle);
    expect((bundle['index.js'] as Rolldown.OutputChunk).map?.mappings).toBe(';;AAAA');
    const written = JSON.parse(String((bundle['index.js.map'] as Rolldown.OutputAsset).source));
    expect(written).toEqual({ ...map, mappings: ';;AAAA,CAAC' });
  });
});
