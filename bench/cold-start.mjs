// Cold start of `mcpvet call --method tools/list` over stdio against the example server:
// whole processes, median of several runs, peak RSS of the mcpvet process.
// Usage: npm run bench   (BENCH_RUNS=N to change the number of runs)
import { measure, print } from './measure.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 15);
const node = process.execPath;
const server = ['dist/examples/notes-server.js'];

print([
  measure('node -e "" (floor: an empty Node process)', node, ['-e', ''], runs),
  measure('mcpvet --version (CLI start-up alone)', node, ['dist/cli.js', '--version'], runs),
  measure(
    'mcpvet call --method tools/list -- node notes-server (everything)',
    node,
    ['dist/cli.js', 'call', '--method', 'tools/list', '--', node, ...server],
    runs,
  ),
]);
