#!/usr/bin/env node
// Build step (after tsc): writes dist/pglite-template.tar.gz + dist/pglite-template.json, a PGlite
// cluster with the migrations applied, so the server's first start on an empty data dir skips initdb.
// See src/db/pglite-template.ts. Usage: node scripts/build-pglite-template.mjs [--force]
import path from 'node:path';
import { migrationsFolder } from '../dist/db/client.js';
import { buildPgliteTemplate } from '../dist/db/pglite-template.js';

const t0 = performance.now();
const result = await buildPgliteTemplate(migrationsFolder, { force: process.argv.includes('--force') });
const rel = path.relative(process.cwd(), result.file);
const size = `${(result.bytes / 1024 / 1024).toFixed(1)} MB`;
console.log(
  result.skipped
    ? `PGlite template up to date: ${rel} (${size})`
    : `PGlite template written: ${rel} (${size}, ${Math.round(performance.now() - t0)} ms)`,
);
