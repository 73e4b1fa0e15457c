import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/*
 * Every test file runs on PGlite, the database the server keeps by itself. A file runs on PostgreSQL too (when
 * TEST_DATABASE_URL is set) only when a line of it starts with `// runs on PostgreSQL too:` and says why: its tests
 * make calls at once that only a server with many connections really runs side by side (one wins, limits hold,
 * nobody waits forever), take row locks, or use what PGlite lacks. The marker moves with the file.
 */
const POSTGRES_MARKER = /^\/\/ runs on PostgreSQL too: \S/m;

const srcDir = fileURLToPath(new URL('src', import.meta.url));
const testFiles = readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.test.ts'));
const postgresFiles = testFiles.filter((file) => POSTGRES_MARKER.test(readFileSync(`${srcDir}/${file}`, 'utf8')));

const databases = [
  { name: 'pglite', include: ['src/**/*.test.ts'] },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres', include: postgresFiles.map((file) => `src/${file}`) }] : []),
];

export default defineConfig({
  resolve: {
    alias: { '@zhaokao/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)) },
  },
  test: {
    // At least two files at a time (vitest's default is one fewer than the cores: one on 2 cores), as a PostgreSQL
    // file leaves much of its work to the server. Workers are reused across files, so the app's modules load once per
    // worker; each file still makes its own app and database.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    isolate: false,
    projects: databases.map(({ name, include }) => ({
      extends: true,
      test: {
        name,
        include,
        env: { TEST_DB: name },
        // the migrated, seeded databases every test app copies
        globalSetup: ['src/test/global-setup.ts'],
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    })),
  },
});
