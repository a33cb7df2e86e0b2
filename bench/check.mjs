// A full `mcpvet check` run over stdio against the example server: whole process, median of
// several runs, peak RSS. Usage: npm run build && node bench/check.mjs (BENCH_RUNS=N).
import { measure, print } from './measure.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const node = process.execPath;

print([
  measure(
    'mcpvet check -- node notes-server (every suite, stdio, modern)',
    node,
    ['dist/cli.js', 'check', '--format', 'json', '--', node, 'dist/examples/notes-server.js'],
    runs,
  ),
  measure(
    'mcpvet check --protocol-era legacy -- node notes-server',
    node,
    ['dist/cli.js', 'check', '--protocol-era', 'legacy', '--format', 'json', '--', node, 'dist/examples/notes-server.js'],
    runs,
  ),
]);
