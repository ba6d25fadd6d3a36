import { defineConfig } from 'vitest/config';

// Three projects: unit (pure, fast), int (real PostgreSQL/Redis, one database per file),
// e2e (real Chromium against a served app). The machine has 2 cores: int and e2e files run
// with a small pool so the database and the browser are not starved.
export default defineConfig({
  test: {
    globalSetup: ['./testing/globalSetup.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['**/*.unit.test.{ts,tsx}'], exclude: ['**/node_modules/**'] },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['**/*.e2e.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
