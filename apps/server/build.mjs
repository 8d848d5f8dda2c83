// Bundles the server into dist/main.js: our own code (including @wattle/domain, which ships as
// TypeScript source) goes in; every npm dependency stays external and loads from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (d) => !d.startsWith('@wattle/'),
);

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
};

await build({
  ...common,
  entryPoints: ['src/main.ts'],
  // SERVER_OUTFILE lets parallel checkouts' browser runs build a private copy (see playwright.config.ts).
  outfile: process.env.SERVER_OUTFILE ?? 'dist/main.js',
});

// The operator's commands (`npm run admin -- …`, README "Running it for real"), beside the server.
if (!process.env.SERVER_OUTFILE) {
  await build({ ...common, entryPoints: ['src/admin/admin-cli.ts'], outfile: 'dist/admin.js' });
}
