#!/usr/bin/env node
// Writes Brotli (.br) and gzip (.gz) copies beside each built text asset of the web app, once at build
// time, so the server sends them compressed (@fastify/static `preCompressed`) without compressing on
// every request. Run by `npm run build -w apps/web` after `vite build`.
//
//   node scripts/precompress-web.mjs [dist directory, default apps/web/dist]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../apps/web/dist'));
// Source maps are left as they are: only developer tools fetch them.
const compressible = /\.(js|css|html|svg|json|txt|webmanifest)$/;
/** Below this size compression saves too little to be worth a second file. */
const minBytes = 1024;

let files = 0;
let rawBytes = 0;
let brotliBytes = 0;
for (const file of walk(dist)) {
  if (!compressible.test(file) || statSync(file).size < minBytes) continue;
  const content = readFileSync(file);
  const brotli = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  files += 1;
  rawBytes += content.length;
  brotliBytes += brotli.length;
}
console.log(
  `precompress-web: ${files} files, ${(rawBytes / 1024).toFixed(0)} KB → ${(brotliBytes / 1024).toFixed(0)} KB Brotli (+ gzip copies)`,
);

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (!/\.(br|gz)$/.test(entry.name)) yield full;
  }
}
