// The relays under load: 10,000 sequential tools/call (BENCH_CALLS=N), each path beside its direct
// counterpart in the same run, so a busy machine slows both.
//   replay: msgs/s answered by `mcpvet replay` (stdio) from a 10-call and a 10,000-call cassette
//   http:   req/s of the notes server, direct and behind `mcpvet proxy --listen`
//   stdio:  per-message time of the notes server, direct and behind `mcpvet proxy --`
// Usage: npm run build && node bench/relay.mjs
//   BENCH_ONLY=replay,http,stdio runs only those parts; BENCH_NODE_FLAGS="--cpu-prof" starts the
//   mcpvet processes (not the server, not this client) with those node flags, to profile them;
//   BENCH_CLI=path/to/cli.js measures another build of mcpvet (to compare before and after).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CALLS = Number(process.env.BENCH_CALLS ?? 10_000);
const node = process.execPath;
const ONLY = new Set((process.env.BENCH_ONLY ?? 'replay,http,stdio').split(','));
const MCPVET = [...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean), process.env.BENCH_CLI ?? 'dist/cli.js'];
const SERVER = 'dist/examples/notes-server.js';
const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const call = (id, args) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_note', arguments: args, _meta: META } });

/** A stdio process answering JSON lines; `ask` sends one request and resolves with its answer. */
function lineClient(command, args) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
  const waiting = new Map();
  let buffer = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    let newline;
    while ((newline = buffer.indexOf('\n')) !== -1) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      const message = JSON.parse(line);
      waiting.get(message.id)?.(message);
      waiting.delete(message.id);
    }
  });
  return {
    pid: child.pid,
    ask: (message) =>
      new Promise((resolve, reject) => {
        // The first answer waits for the start (a 10,000-call cassette is read first; a busy machine is slow).
        const limit = message.id === 'w0' ? 120_000 : 10_000;
        const timer = setTimeout(() => reject(new Error(`no answer to ${message.id} within ${limit / 1000} s`)), limit);
        waiting.set(message.id, (answer) => (clearTimeout(timer), resolve(answer)));
        child.stdin.write(JSON.stringify(message) + '\n');
      }),
    close: () =>
      new Promise((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        child.once('exit', () => (clearTimeout(timer), resolve()));
        child.stdin.end();
      }),
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); undefined elsewhere. */
function cpuSeconds(pid) {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * Milliseconds for CALLS sequential requests (after 200 not counted, to warm up), and the CPU time
 * `pid` spent on each (microseconds): on a busy machine wall time mostly measures the scheduler.
 */
async function timeCalls(ask, args, pid) {
  for (let i = 0; i < 200; i++) await ask(call(`w${i}`, args(i)));
  const cpuBefore = pid === undefined ? undefined : cpuSeconds(pid);
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) {
    const answer = await ask(call(i, args(i)));
    if (!answer.result) throw new Error(`call ${i} failed: ${JSON.stringify(answer).slice(0, 300)}`);
  }
  const ms = performance.now() - started;
  const cpuAfter = pid === undefined ? undefined : cpuSeconds(pid);
  return { ms, cpuUs: cpuBefore === undefined || cpuAfter === undefined ? undefined : ((cpuAfter - cpuBefore) * 1e6) / CALLS };
}

const cpuNote = (timing) => (timing.cpuUs === undefined ? '' : `; mcpvet CPU ${timing.cpuUs.toFixed(0)} us a message`);

async function timeStdio(command, args, callArgs) {
  const client = lineClient(command, args);
  try {
    return await timeCalls(client.ask, callArgs, client.pid);
  } finally {
    await client.close();
  }
}

/** A stdio cassette of `size` distinct get_note calls (id = "n<i>"). */
function writeCassette(dir, size) {
  const header = {
    type: 'header',
    format: 'mcpvet-cassette',
    version: 1,
    recordedAt: new Date().toISOString(),
    target: { transport: 'stdio', description: 'bench' },
    transport: 'stdio',
    era: 'modern',
    complete: true,
    redactions: [],
  };
  const lines = [JSON.stringify(header)];
  for (let i = 0; i < size; i++) {
    const request = call(i, { id: `n${i}` });
    const response = { jsonrpc: '2.0', id: i, result: { resultType: 'complete', content: [{ type: 'text', text: `note ${i}` }] } };
    lines.push(JSON.stringify({ type: 'frame', seq: 2 * i, t: i, dir: 'client', kind: 'message', raw: JSON.stringify(request) }));
    lines.push(JSON.stringify({ type: 'frame', seq: 2 * i + 1, t: i, dir: 'server', kind: 'message', raw: JSON.stringify(response) }));
  }
  const file = join(dir, `replay-${size}.ndjson`);
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

/** Starts `node ARGS`, resolves with the URL it prints on stderr ("listening on …"). */
function listening(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(node, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error(`not listening: ${stderr}`))), 10_000);
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1], pid: child.pid, stop: () => new Promise((done) => (child.once('exit', done), child.kill('SIGTERM'))) });
      }
    });
  });
}

/** An HTTP client with one kept-alive connection, as a fast MCP client would be. */
function httpAsk(url) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(url);
  return (message) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify(message);
      const outgoing = request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: 'POST',
          agent,
          timeout: 10_000,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'content-length': Buffer.byteLength(body),
            'mcp-protocol-version': '2026-07-28',
            'mcp-method': 'tools/call',
            'mcp-name': 'get_note',
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => {
            try {
              resolve(JSON.parse(text.startsWith('event:') || text.startsWith('data:') ? /data: (.*)/.exec(text)[1] : text));
            } catch {
              reject(new Error(`HTTP ${response.statusCode}: ${text.slice(0, 200)}`));
            }
          });
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 10 s')));
      outgoing.on('error', reject);
      outgoing.end(body);
    });
}

const perSecond = (ms) => Math.round((CALLS / ms) * 1000);
const usPerCall = (ms) => (ms * 1000) / CALLS;
const dir = mkdtempSync(join(tmpdir(), 'mcpvet-bench-'));
try {
  console.log(`${CALLS} sequential tools/call per measurement`);

  for (const size of ONLY.has('replay') ? [10, 10_000] : []) {
    const file = writeCassette(dir, size);
    const timing = await timeStdio(node, [...MCPVET, 'replay', file], (i) => ({ id: `n${i % size}` }));
    console.log(`replay (stdio), ${size}-call cassette: ${perSecond(timing.ms)} msgs/s (${usPerCall(timing.ms).toFixed(1)} us a call${cpuNote(timing)})`);
  }

  if (ONLY.has('http')) await benchHttp();
  if (ONLY.has('stdio')) await benchStdio();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

async function benchHttp() {
  const server = await listening([SERVER, '--http', '--port', '0']);
  const proxy = await listening([...MCPVET, 'proxy', '--listen', '0', '--url', server.url]);
  try {
    const { ms: direct } = await timeCalls(httpAsk(server.url), () => ({ id: 'n1' }));
    const timing = await timeCalls(httpAsk(proxy.url), () => ({ id: 'n1' }), proxy.pid);
    const proxied = timing.ms;
    console.log(
      `http direct: ${perSecond(direct)} req/s; via mcpvet proxy --listen: ${perSecond(proxied)} req/s (${(proxied / direct).toFixed(2)}x the time, +${(usPerCall(proxied) - usPerCall(direct)).toFixed(0)} us a request${cpuNote(timing)})`,
    );
  } finally {
    await proxy.stop();
    await server.stop();
  }
}

async function benchStdio() {
  const { ms: direct } = await timeStdio(node, [SERVER], () => ({ id: 'n1' }));
  const timing = await timeStdio(node, [...MCPVET, 'proxy', '--', node, SERVER], () => ({ id: 'n1' }));
  const relayed = timing.ms;
  console.log(
    `stdio direct: ${usPerCall(direct).toFixed(1)} us a message; via mcpvet proxy: ${usPerCall(relayed).toFixed(1)} us (+${(usPerCall(relayed) - usPerCall(direct)).toFixed(1)} us a message${cpuNote(timing)})`,
  );
}
