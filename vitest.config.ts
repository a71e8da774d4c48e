import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['testing/globalSetup.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{auth,search,server,site,bench}/test/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 90_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
