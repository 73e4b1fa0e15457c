import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  resolve: {
    alias: { '@zhaokao/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)) },
  },
  test: {
    projects: databases.map((database) => ({
      extends: true,
      test: {
        name: database,
        include: ['src/**/*.test.ts'],
        env: { TEST_DB: database },
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    })),
  },
});
