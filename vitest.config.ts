import { defineConfig } from 'vitest/config';

// Two projects: "unit" (next to the code; web tests opt into happy-dom per file) and "api"
// (through the real server and a real database), and "e2e" (real Chromium against the real server).
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['core/**/*.test.{ts,tsx}', 'plugins/**/*.test.{ts,tsx}', 'site-configs/**/*.test.ts', 'schemas/**/*.test.ts', 'locales/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup-unit.ts'],
          // web tests import lazy pages; a loaded machine can take seconds for the first one
          testTimeout: 20000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/failure-report.ts'],
          testTimeout: 60000,
          hookTimeout: 120000,
          fileParallelism: false,
        },
      },
    ],
  },
});
