import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Tests spawn real servers; two cores means a little parallelism goes a long way.
    pool: 'forks',
    maxWorkers: 3,
  },
});
