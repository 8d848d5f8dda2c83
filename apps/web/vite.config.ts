import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compileHints } from './build-plugins/compile-hints';
import { startupChunkGroup } from './build-plugins/startup-chunk';

// The built app (apps/web/dist) is served by apps/server at the same origin as the API, with an SPA
// fallback to index.html. In development Vite serves the app and forwards /api to the server.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // The card page and its form: where people work, and code the board and the inbox fetch ahead
    // while idle. Compiled as it loads, a plan opened from the board is drawn by compiled functions:
    // 276–304 ms from click to content at 4x CPU slowdown against 337–385 ms (issue 19).
    compileHints([/features[\\/]cards[\\/]card-detail-page\.tsx$/, /template-form[\\/]template-form\.tsx$/]),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  // The server's first paint (src/entry-server.tsx): bundled whole, so the server loads it from
  // apps/web/dist-server without the web app's packages beside it.
  ssr: { noExternal: true },
  // React's production build on the server too (Vite leaves process.env.NODE_ENV to the runtime there).
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: {
    // The page's HTML still asks for the startup code's files at once. Code loaded on demand is not
    // preloaded file by file: for each file Vite's helper adds a <link rel=modulepreload> to the page,
    // and the card page's 40 files cost 100–180 ms of the app's first task at 4x CPU slowdown over a
    // page the server drew (issue 19: blocking time). The browser finds a chunk's imports itself as it
    // reads the chunk, one round trip later.
    modulePreload: {
      resolveDependencies: (_file, dependencies, { hostType }) => (hostType === 'html' ? dependencies : []),
    },
    outDir: isSsrBuild ? 'dist-server' : 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: isSsrBuild
            ? []
            : [startupChunkGroup(fileURLToPath(new URL('./src/main.tsx', import.meta.url)))],
        },
      },
    },
  },
}));
