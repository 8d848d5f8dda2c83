import { describe, expect, it } from 'vitest';
import { startupChunkGroup, startupModules } from './startup-chunk';

/** A module graph: each module's static and dynamic imports. */
function graphOf(modules: Record<string, { imports?: string[]; dynamic?: string[] }>) {
  return {
    getModuleInfo: (id: string) => {
      const module = modules[id];
      if (!module) return null;
      return { importedIds: module.imports ?? [], dynamicallyImportedIds: module.dynamic ?? [] } as never;
    },
  };
}

const radixIndex = '/app/node_modules/radix-ui/dist/index.mjs';
const lucideIndex = '/app/node_modules/lucide-react/dist/esm/lucide-react.mjs';

const graph = graphOf({
  '/app/src/main.tsx': {
    imports: ['/app/src/shell.tsx', '/app/src/http.ts'],
    dynamic: ['/app/src/page.tsx'],
  },
  '/app/src/shell.tsx': { imports: ['/app/src/http.ts', radixIndex, lucideIndex] },
  '/app/src/http.ts': { imports: [] },
  '/app/src/page.tsx': { imports: ['/app/src/http.ts', '/app/src/editor.tsx'] },
  [radixIndex]: { imports: ['/app/node_modules/@radix-ui/react-slot/dist/index.mjs'] },
  [lucideIndex]: { imports: ['/app/node_modules/lucide-react/dist/esm/icons/x.mjs'] },
});

describe('startupModules', () => {
  it('holds the entry and what it imports statically, shared with pages or not', () => {
    const modules = startupModules('/app/src/main.tsx', graph);
    expect(modules).toContain('/app/src/main.tsx');
    expect(modules).toContain('/app/src/shell.tsx');
    expect(modules).toContain('/app/src/http.ts');
  });

  it('leaves out what is only imported dynamically, and what that imports', () => {
    const modules = startupModules('/app/src/main.tsx', graph);
    expect(modules).not.toContain('/app/src/page.tsx');
    expect(modules).not.toContain('/app/src/editor.tsx');
  });

  it('stops at the re-export indexes of Radix and lucide, whose modules pages use', () => {
    const modules = startupModules('/app/src/main.tsx', graph);
    expect(modules).not.toContain('/app/node_modules/@radix-ui/react-slot/dist/index.mjs');
    expect(modules).not.toContain('/app/node_modules/lucide-react/dist/esm/icons/x.mjs');
  });
});

describe('startupChunkGroup', () => {
  it('names the startup modules "startup" and leaves the rest to the bundler', () => {
    const group = startupChunkGroup('/app/src/main.tsx');
    const name = group.name as (id: string, context: typeof graph) => string | null;
    expect(name('/app/src/http.ts', graph)).toBe('startup');
    expect(name('/app/src/page.tsx', graph)).toBeNull();
  });
});
