// mcpvet load's highest request rate against the notes server over HTTP, beside autocannon
// sending the same tools/call (same body, same MCP headers) with as many connections, in the
// same run and alternating, so a busy machine slows both. The target: mcpvet at least 80 % of
// autocannon's rate.
// Usage: npm run build && node bench/load.mjs   (BENCH_SECONDS=5 BENCH_CONNECTIONS=32 BENCH_ROUNDS=2)
import { spawn, execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const run = promisify(execFile);

function startServer() {
  const child = spawn(process.execPath, ['dist/examples/notes-server.js', '--http', '--port', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('the notes server did not start')), 10_000);
    child.stderr.on('data', (chunk) => {
      text += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1], pid: child.pid, stop: () => child.kill('SIGTERM') });
      }
    });
  });
}

async function viaAutocannon(url) {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: 'get_note',
      arguments: { id: 'n1' },
      _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
    },
  });
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'tools/call',
    'mcp-name': 'get_note',
  };
  const result = await autocannon({ url, method: 'POST', headers, body, connections: CONNECTIONS, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`autocannon got ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  return result.requests.total / SECONDS;
}

async function viaMcpvet(url) {
  const args = ['dist/cli.js', 'load', '--url', url, '--method', 'tools/call', '--tool-name', 'get_note', '--tool-arg', 'id=n1'];
  args.push('--vus', String(CONNECTIONS), '--duration', `${SECONDS}s`, '--format', 'json', '--no-progress');
  const { stdout } = await run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
  const report = JSON.parse(stdout);
  if (report.errors > 0) throw new Error(`mcpvet load saw ${report.errors} errors`);
  return report.rps;
}

/** CPU seconds a process has used (user + system), from /proc: what each request cost the server. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function measured(server, send) {
  const before = cpuSeconds(server.pid);
  const rate = await send(server.url);
  return { rate, serverUs: ((cpuSeconds(server.pid) - before) / (rate * SECONDS)) * 1e6 };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const server = await startServer();
try {
  const rates = { autocannon: [], mcpvet: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const a = await measured(server, viaAutocannon);
    const m = await measured(server, viaMcpvet);
    rates.autocannon.push(a.rate);
    rates.mcpvet.push(m.rate);
    console.log(
      `round ${round + 1}: autocannon ${a.rate.toFixed(0)}/s (server ${a.serverUs.toFixed(0)} µs CPU a request), mcpvet load ${m.rate.toFixed(0)}/s (server ${m.serverUs.toFixed(0)} µs)`,
    );
  }
  const [a, m] = [median(rates.autocannon), median(rates.mcpvet)];
  console.log(
    `median over ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections: autocannon ${a.toFixed(0)}/s, mcpvet load ${m.toFixed(0)}/s = ${((m / a) * 100).toFixed(0)} % (target ≥ 80 %)`,
  );
} finally {
  server.stop();
}
