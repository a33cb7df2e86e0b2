import { defineConfig } from 'vitest/config';
import { parse } from 'yaml';

export default defineConfig({
  // Source imports of the requirements YAML get its parsed value, as in the bundle (scripts/build.mjs).
  plugins: [
    {
      name: 'yaml-as-json',
      transform: (code: string, id: string) => (id.endsWith('.yaml') ? { code: `export default ${JSON.stringify(parse(code))};`, map: null } : undefined),
    },
  ],
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Tests spawn real servers; two cores means a little parallelism goes a long way.
    pool: 'forks',
    maxWorkers: 3,
  },
});
