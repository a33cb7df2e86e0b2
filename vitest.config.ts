import { defineConfig } from 'vitest/config';
import { parse } from 'yaml';

// Source imports of the requirements YAML get its parsed value, as in the bundle (scripts/build.mjs).
const yamlAsJson = {
  name: 'yaml-as-json',
  transform: (code: string, id: string) => (id.endsWith('.yaml') ? { code: `export default ${JSON.stringify(parse(code))};`, map: null } : undefined),
};
const HOSTILE = 'test/hostile/**/*.test.ts';

export default defineConfig({
  plugins: [yamlAsJson],
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Tests spawn real servers; two cores means a little parallelism goes a long way.
    pool: 'forks',
    maxWorkers: 3,
    projects: [
      { extends: true, test: { name: 'main', include: ['test/**/*.test.ts'], exclude: [HOSTILE] } },
      // The hostile matrix bounds wall time and memory: it runs last and alone (one file at a
      // time), so that its bounds measure mcpvet, not the load of the rest of the suite.
      { extends: true, test: { name: 'hostile', include: [HOSTILE], sequence: { groupOrder: 1 }, maxWorkers: 2 } },
    ],
  },
});
