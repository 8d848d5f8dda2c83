import type { Rolldown } from 'vite';

type ModuleGraph = Pick<Rolldown.ChunkingContext, 'getModuleInfo'>;

/**
 * Index files of packages that re-export a whole library of separate modules: every Radix primitive
 * (`radix-ui`) and every lucide icon. The app's startup imports one or two names through them; the
 * rest are used, if at all, by pages loaded on demand. Walking through them would put all of those
 * modules into the startup chunk, since a module placed in a chunk group is placed there whole
 * (about 35 KB gzip more on every page when tried), so the walk stops at them and what the startup
 * uses of them stays in the bundler's own shared chunks.
 */
const reExportIndexes = [
  /[\\/]node_modules[\\/]radix-ui[\\/]dist[\\/]index\.m?js$/,
  /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.m?js$/,
];

/**
 * The modules the app runs as it starts, whatever the page: `entry` and everything it imports
 * statically, short of the re-export indexes above. Dynamic imports (pages, the editor, charts) are
 * not followed.
 */
export function startupModules(entry: string, graph: ModuleGraph): Set<string> {
  const modules = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (modules.has(id)) continue;
    modules.add(id);
    if (reExportIndexes.some((pattern) => pattern.test(id))) continue;
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return modules;
}

/**
 * One chunk for the startup's modules (the output's `startup-*.js`), instead of the twenty small
 * chunks the bundler made of them by default: it splits out every module a page loaded on demand
 * also imports (React's JSX runtime, TanStack Query's hooks, the HTTP client, clsx…), though the
 * startup loads them all anyway. Issue 19: each of those files is fetched, compiled and linked on its
 * own before the first line of the app runs. Merged, every page's JavaScript is 7–9 KB gzip lighter
 * and its loads at 4x CPU slowdown 5–15% sooner (docs/performance.md, 29 November, sixth session).
 * Pages loaded on demand import what they share with the startup from this chunk.
 */
export function startupChunkGroup(entry: string): Rolldown.CodeSplittingGroup {
  let modules: Set<string> | undefined;
  return {
    name: (id, graph) => {
      modules ??= startupModules(entry, graph);
      return modules.has(id) ? 'startup' : null;
    },
  };
}
