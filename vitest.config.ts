import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{auth,server,site}/test/**/*.test.ts'],
    globalSetup: ['testing/globalSetup.ts'],
    testTimeout: 20_000,
    hookTimeout: 90_000,
  },
});
