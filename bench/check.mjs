// A full `mcpvet check` run over stdio against the example server: whole process, median of
// several runs, peak RSS. Then the same against a server that takes START_DELAY_MS (1500) to
// start: its start-up time, the sum of its answer times (timed by the server), the check's wall
// time and how it compares with start-up + answers (the target: within 2×). Last, check's peak
// memory against the size of the tools/list of a server with MANY_TOOLS (10,000) tools: its growth over
// the same run against 10 tools, divided by the list's size (target: 5×). Twice: short tools (a 2.8 MB
// list), and tools with 1,100 more characters of description each (13.3 MB, the shape of the 13 MB
// list the issue measured); MANY_TOOLS_PAD=N measures one pad only.
// Usage: npm run build && node bench/check.mjs (BENCH_RUNS=N; BENCH_ONLY=slow or memory for one case;
// BENCH_CLI=path/to/cli.js measures another build, to compare before and after).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measure, print, runOnce } from './measure.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const cli = process.env.BENCH_CLI ?? 'dist/cli.js';
const node = process.execPath;
const delayMs = Number(process.env.START_DELAY_MS ?? 1500);
const slow = 'dist/fixtures/slow-start.js';

const only = process.env.BENCH_ONLY;
if (!only)
  print([
    measure(
      'mcpvet check -- node notes-server (every suite, stdio, modern)',
      node,
      [cli, 'check', '--format', 'json', '--', node, 'dist/examples/notes-server.js'],
      runs,
    ),
    measure(
      'mcpvet check --protocol-era legacy -- node notes-server',
      node,
      [cli, 'check', '--protocol-era', 'legacy', '--format', 'json', '--', node, 'dist/examples/notes-server.js'],
      runs,
    ),
  ]);

/** Spawn to the answer of a first server/discover: what every fresh process costs. */
function startupMs() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(node, [slow], { env: { ...process.env, START_DELAY_MS: String(delayMs) }, stdio: ['pipe', 'pipe', 'ignore'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.once('data', () => {
      const ms = performance.now() - started;
      clearTimeout(timer);
      child.stdin.end();
      child.once('close', () => resolve(ms));
    });
    child.once('error', reject);
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } })}\n`);
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
if (!only || only === 'slow') await slowStart();
if (!only || only === 'memory') for (const pad of process.env.MANY_TOOLS_PAD ? [process.env.MANY_TOOLS_PAD] : ['0', '1100']) await memory(pad);

async function slowStart() {
  const slowRuns = Math.max(1, Math.min(runs, Number(process.env.BENCH_SLOW_RUNS ?? 3)));
  const startups = [];
  for (let i = 0; i < slowRuns; i++) startups.push(await startupMs());
  const startup = median(startups);

  const samples = [];
  for (let i = 0; i < slowRuns; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'mcpvet-bench-'));
    const log = join(dir, 'processes.ndjson');
    Object.assign(process.env, { START_DELAY_MS: String(delayMs), SLOW_START_LOG: log });
    const { ms, rssKb } = runOnce(node, [cli, 'check', '--format', 'json', '--', node, slow]);
    const entries = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    rmSync(dir, { recursive: true, force: true });
    const answers = entries.filter((entry) => entry.event === 'answer');
    samples.push({
      ms,
      rssKb,
      answersMs: answers.reduce((sum, entry) => sum + entry.ms, 0),
      busyMs: busyMs(answers),
      answers: answers.length,
      processes: entries.filter((entry) => entry.event === 'start').length,
    });
  }
  delete process.env.SLOW_START_LOG;
  const run = samples.sort((a, b) => a.ms - b.ms)[Math.floor(samples.length / 2)];
  const ideal = startup + run.busyMs;
  console.log(
    `mcpvet check -- node slow-start (${delayMs} ms start-up delay): start-up ${Math.round(startup)} ms, ` +
      `sum of answers ${Math.round(run.busyMs)} ms (${run.answers} answers, ${run.processes} processes; ${Math.round(run.answersMs)} ms counting overlaps twice), ` +
      `check wall ${Math.round(run.ms)} ms (median of ${slowRuns}), ${(run.ms / ideal).toFixed(1)}× start-up + answers` +
      (run.rssKb ? `, peak RSS ${Math.round(run.rssKb / 1024)} MB` : ''),
  );
}

/**
 * The time the server spent answering: each answer is timed from the moment its process read the
 * request, so answers a process worked on at once overlap. Counted once, overlaps would not credit
 * mcpvet with the server's own queueing when more requests are in flight.
 */
function busyMs(answers) {
  const byProcess = new Map();
  for (const entry of answers) byProcess.set(entry.pid, [...(byProcess.get(entry.pid) ?? []), entry]);
  let total = 0;
  for (const entries of byProcess.values()) {
    let end = -Infinity;
    for (const [from, to] of entries.map((entry) => [entry.at - entry.ms, entry.at]).sort((a, b) => a[0] - b[0])) {
      total += Math.max(0, to - Math.max(from, end));
      end = Math.max(end, to);
    }
  }
  return total;
}

/**
 * The CLI's own peak RSS (VmHWM sampled from /proc, not its children's) and the list's size on the
 * wire. The floor is the same server listing 10 tools: what mcpvet's own run costs. The ratio is
 * the growth over that floor divided by the list's size. Median of BENCH_MEMORY_RUNS (3) runs each.
 */
async function memory(pad) {
  const count = Number(process.env.MANY_TOOLS ?? 10_000);
  const memoryRuns = Math.max(1, Number(process.env.BENCH_MEMORY_RUNS ?? 3));
  const server = [node, 'dist/fixtures/many-tools.js'];
  const envOf = (tools) => ({ ...process.env, MANY_TOOLS: String(tools), MANY_TOOLS_PAD: pad });
  const listed = await runSampled([cli, 'call', '--method', 'tools/list', '--', ...server], envOf(count));
  const listBytes = Buffer.byteLength(JSON.stringify(JSON.parse(listed.stdout).result ?? JSON.parse(listed.stdout)));
  const checkArgs = [cli, 'check', '--timeout', '60000', '--format', 'json', '--', ...server];
  const floors = [];
  const checks = [];
  for (let i = 0; i < memoryRuns; i++) {
    floors.push((await runSampled(checkArgs, envOf(10))).peakBytes);
    checks.push(await runSampled(checkArgs, envOf(count)));
  }
  const floor = median(floors);
  const checked = checks.sort((a, b) => a.peakBytes - b.peakBytes)[Math.floor(checks.length / 2)];
  const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
  console.log(
    `mcpvet check -- node many-tools (${count} tools${pad === '0' ? '' : `, ${pad} more characters each`}): tools/list ${mb(listBytes)} MB, check peak RSS ${mb(checked.peakBytes)} MB ` +
      `(${(checked.peakBytes / listBytes).toFixed(0)}× the list), floor (10 tools) ${mb(floor)} MB, ` +
      `growth over the floor ${mb(checked.peakBytes - floor)} MB (${((checked.peakBytes - floor) / listBytes).toFixed(1)}× the list; target 5×), ` +
      `report ${mb(Buffer.byteLength(checked.stdout))} MB, wall ${Math.round(checked.ms)} ms (median of ${memoryRuns}: ${checks.map((c) => mb(c.peakBytes)).join(', ')} MB)`,
  );
}

function runSampled(args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(node, args, { env, stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks = [];
    let peakKb = 0;
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    const sample = setInterval(() => {
      try {
        const match = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (match) peakKb = Math.max(peakKb, Number(match[1]));
      } catch {
        // Gone between two samples.
      }
    }, 25);
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.once('error', reject);
    child.once('close', () => {
      clearInterval(sample);
      clearTimeout(timer);
      resolve({ stdout: Buffer.concat(chunks).toString(), peakBytes: peakKb * 1024, ms: performance.now() - started });
    });
  });
}
