import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;
type OutputAsset = Rolldown.OutputAsset;

/**
 * V8's explicit compile hint: a file that starts with this comment has all its functions compiled
 * as the file is loaded, on the streaming thread, instead of each one on the main thread the first
 * time it is called. Chromium 136 and later read it; other browsers see a comment.
 */
export const compileHintComment = '//# allFunctionsCalledOnLoad';

/**
 * The chunks whose functions run as the app starts and draws its first page: the entry and every
 * chunk it imports statically. Issue 19: on a warm load at 4x CPU slowdown, about 85 ms of the first
 * drawing's 260 ms task was V8 compiling some 550 functions of React, the router, TanStack Query,
 * tailwind-merge and the shell one by one as they were first called. Chunks loaded on demand (pages,
 * the editor, charts) stay lazily compiled: most of their functions never run in a visit.
 *
 * Also, with what they import statically, the chunks holding a module `pages` names: pages loaded on
 * demand whose first drawing matters as much (see vite.config.ts), compiled as their code loads.
 */
export function chunksCalledOnLoad(bundle: OutputBundle, pages: RegExp[] = []): Set<string> {
  const called = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (called.has(fileName) || chunk?.type !== 'chunk') return;
    called.add(fileName);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const file of Object.values(bundle)) {
    if (file.type !== 'chunk') continue;
    const holdsPage = pages.some((page) => file.moduleIds.some((id) => page.test(id)));
    if (file.isEntry || holdsPage) visit(file.fileName);
  }
  return called;
}

/** Puts the comment on the first line of `chunk`, and moves its source map down a line to match. */
function addHint(chunk: OutputChunk, mapAsset: OutputAsset | undefined) {
  chunk.code = `${compileHintComment}\n${chunk.code}`;
  if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
  if (mapAsset) {
    const map = JSON.parse(String(mapAsset.source)) as { mappings: string };
    map.mappings = `;${map.mappings}`;
    mapAsset.source = JSON.stringify(map);
  }
}

/**
 * Adds the compile hint to the chunks the app calls on load, and to those of `pages` (module ids,
 * matched as in `chunksCalledOnLoad`). It runs after Vite's own changes to the chunks (the preload
 * helper's dependency list is written on the first line), since the comment counts only on the
 * file's first line.
 */
export function compileHints(pages: RegExp[] = []): Plugin {
  return {
    name: 'wattle-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const fileName of chunksCalledOnLoad(bundle, pages)) {
          const mapAsset = bundle[`${fileName}.map`];
          addHint(bundle[fileName] as OutputChunk, mapAsset?.type === 'asset' ? mapAsset : undefined);
        }
      },
    },
  };
}
