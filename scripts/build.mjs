// Bundles the CLI, the library and the runnable servers (example and test fixtures) with esbuild.
// The CLI is split so that each command's code is loaded only when that command runs.
import { build } from 'esbuild';
import { readdirSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';

// Hashed chunk names change with the code: start from a clean dist so no stale chunk ships.
rmSync('dist', { recursive: true, force: true });

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: 'linked',
  logLevel: 'warning',
  // Bundled CommonJS dependencies (ajv, commander) call require(); give ESM output one.
  banner: { js: "import { createRequire as __mcpvetCreateRequire } from 'node:module'; const require = __mcpvetCreateRequire(import.meta.url);" },
  plugins: [yamlAsJson()],
};

// The requirements registry is YAML in src/; the bundle carries it parsed, as a JSON module.
function yamlAsJson() {
  return {
    name: 'yaml-as-json',
    setup(build) {
      build.onLoad({ filter: /\.yaml$/ }, async (args) => ({ contents: JSON.stringify(parse(await readFile(args.path, 'utf8'))), loader: 'json' }));
    },
  };
}

const servers = (dir) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /\.ts$/.test(f) && !f.endsWith('.d.ts'))
        .map((f) => join(dir, f))
    : [];

await Promise.all([
  build({
    ...common,
    entryPoints: { cli: 'src/cli/main.ts', index: 'src/index.ts' },
    outdir: 'dist',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
  }),
  build({
    ...common,
    entryPoints: servers('examples/notes-server').filter((f) => f.endsWith('main.ts')),
    outdir: 'dist/examples',
    entryNames: 'notes-server',
  }),
  build({ ...common, entryPoints: servers('test/fixtures'), outdir: 'dist/fixtures' }),
]);
