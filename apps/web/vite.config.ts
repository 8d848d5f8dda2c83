import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compileHints } from './build-plugins/compile-hints';
import { startupChunkGroup } from './build-plugins/startup-chunk';

// The built app (apps/web/dist) is served by apps/server at the same origin as the API, with an SPA
// fallback to index.html. In development Vite serves the app and forwards /api to the server.
export default defineConfig({
  plugins: [react(), tailwindcss(), compileHints()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [startupChunkGroup(fileURLToPath(new URL('./src/main.tsx', import.meta.url)))],
        },
      },
    },
  },
});
