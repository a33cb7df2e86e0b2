/**
 * The HTTP half of the hostile-server matrix: test/hostile/servers/http.mjs in each of its
 * modes against call, check, lint, snapshot and record (a script), and through `mcpvet proxy
 * --listen`. The server is ours (started and killed here); mcpvet must leave nothing behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandLine, type Command } from './commands.js';
import { expectClean, type Expectation } from './expect-clean.js';
import { context, limiter, runHostile, startHttp, type HttpServer } from './harness.js';

interface Behaviour {
  mode: string;
  name: string;
  expect: Omit<Expectation, 'envelope'>;
  check?: Partial<Expectation>;
  commands?: readonly Command[];
}

const ALL: readonly Command[] = ['call', 'check', 'lint', 'snapshot', 'record'];
// check exits 0, 1 or 2 only. Its memory bound: every exchange may read up to the 64 MiB body
// cap, the bodies held at once share one 96 MiB budget (src/wire/body-budget.ts), and all traces
// of the run share one trace budget. Measured peaks with both budgets: 237 MB for the endless body,
// 242 MB for the gzip bomb, 337-360 MB under the SSE flood (load average 10-13 on 2 cores; 578 MB
// and 1,075 MB for the first two before the body budget).
const CHECK_BROKEN = { codes: [1, 2], maxMs: 45_000 };
const CHECK_MAX_RSS_MB = 450;

const behaviours: Behaviour[] = [
  { mode: 'slow-drip-sse', name: 'an SSE stream that drips comments forever', expect: { codes: [4], maxMs: 8000 }, check: CHECK_BROKEN },
  {
    mode: 'endless-chunked',
    name: 'an endless chunked body',
    expect: { codes: [1, 4], maxMs: 15_000, maxRssMb: 300 },
    check: { ...CHECK_BROKEN, maxRssMb: CHECK_MAX_RSS_MB },
  },
  { mode: 'length-lie', name: 'a Content-Length longer than the body', expect: { codes: [1, 4], maxMs: 8000 }, check: CHECK_BROKEN },
  { mode: 'redirect-loop', name: 'a redirect to itself', expect: { codes: [1, 4], maxMs: 8000 }, check: CHECK_BROKEN },
  { mode: 'huge-headers', name: 'a 100 KB response header', expect: { codes: [1, 4], maxMs: 8000 }, check: CHECK_BROKEN },
  // Issue item 11: the 12 KB header is clipped in the one-line error.
  {
    mode: 'www-authenticate',
    name: 'a 401 with a 12 KB WWW-Authenticate',
    expect: { codes: [3], maxMs: 8000, maxLineChars: 1000 },
    check: { codes: [1, 2, 3], maxMs: 30_000 },
  },
  { mode: 'content-type-lie', name: 'HTML labelled application/json', expect: { codes: [1], maxMs: 8000 }, check: { codes: [1, 2], maxMs: 30_000 } },
  { mode: 'reset', name: 'a connection reset mid-request', expect: { codes: [4], maxMs: 8000 }, check: CHECK_BROKEN },
  {
    mode: 'gzip-bomb',
    name: 'a gzip bomb (128 MB of zeros)',
    expect: { codes: [1, 4], maxMs: 15_000, maxRssMb: 300 },
    check: { ...CHECK_BROKEN, maxRssMb: CHECK_MAX_RSS_MB },
  },
  {
    mode: 'sse-flood',
    name: 'an SSE flood of notifications',
    expect: { codes: [1, 4], maxMs: 15_000, maxRssMb: 300 },
    // check stops reading a request's stream at the flood (10,000 notifications), and traces keep
    // 1,000 of a burst: 12 s beside this file's other cases. CI's load took it to 45.9 s before the
    // second (the trace's churn was two thirds of its CPU).
    check: { ...CHECK_BROKEN, maxRssMb: CHECK_MAX_RSS_MB },
  },
  // Issue item 9: said in these words, exit 4.
  {
    mode: 'sse-ends',
    name: 'an SSE stream that ends without the answer',
    expect: { codes: [4], maxMs: 8000, message: /ended the stream without answering/ },
    check: { codes: [1, 2], maxMs: 30_000, message: undefined },
  },
  // Issue item 8: a protocol error naming both ids.
  {
    mode: 'wrong-id',
    name: 'an answer with another id',
    expect: { codes: [1], maxMs: 8000, message: /1002\b.*\b2\b|\b2\b.*1002/ },
    check: { codes: [1, 2], maxMs: 30_000, message: undefined },
  },
];

const slot = limiter(Number(process.env.MCPVET_HOSTILE_CONCURRENCY ?? 3));
const servers = new Map<string, HttpServer>();

beforeAll(async () => {
  await Promise.all(behaviours.map(async ({ mode }) => servers.set(mode, await startHttp(mode))));
}, 60_000);
afterAll(async () => {
  for (const server of servers.values()) await server.stop();
});

describe.concurrent('hostile HTTP servers', () => {
  for (const behaviour of behaviours) {
    for (const command of behaviour.commands ?? ALL) {
      const expected: Expectation = { ...behaviour.expect, ...(command === 'check' ? behaviour.check : {}), envelope: command === 'call' };
      it(`${behaviour.name}: ${command} exits ${expected.codes.join('/')}`, { timeout: 180_000 }, async () => {
        const ctx = context();
        const url = (servers.get(behaviour.mode) as HttpServer).url;
        const run = await slot(() => runHostile(ctx, commandLine(command, ctx, ['--url', url]), { killAfterMs: expected.maxMs + 5000, label: behaviour.mode }));
        expectClean(run, expected);
      });
    }
  }

  it('a redirect elsewhere is never followed: the other server gets no request', { timeout: 180_000 }, async () => {
    const elsewhere = await startHttp('count');
    const redirecting = await startHttp('redirect-elsewhere', elsewhere.url);
    try {
      for (const command of ['call', 'check'] as const) {
        const ctx = context();
        const run = await slot(() => runHostile(ctx, commandLine(command, ctx, ['--url', redirecting.url]), { killAfterMs: 35_000 }));
        expectClean(run, { codes: command === 'call' ? [1, 4] : [1, 2], maxMs: 30_000, envelope: command === 'call' });
      }
      expect(elsewhere.stderr()).not.toContain('hit');
    } finally {
      await redirecting.stop();
      await elsewhere.stop();
    }
  });

  it('mcpvet proxy --listen in front of a stream that never answers: call exits 4, Ctrl-C ends the proxy', { timeout: 180_000 }, async () => {
    const ctx = context();
    const upstream = servers.get('slow-drip-sse') as HttpServer;
    const proxy = runHostile(ctx, ['proxy', '--url', upstream.url, '--listen', '0', '--no-auth-token', '--timeout', '1500'], {
      signal: 'SIGINT',
      signalAfterMs: 8000,
      killAfterMs: 15_000,
    });
    // The URL is read from the listening socket (no token: the token rules are test/relay's subject).
    const url = await proxyUrl(ctx.marker);
    const client = context();
    const call = await slot(() => runHostile(client, ['call', '--method', 'tools/list', '--timeout', '1500', '--url', url], { killAfterMs: 12_000 }));
    expectClean(call, { codes: [4], maxMs: 8000, envelope: true });
    expectClean(await proxy, { codes: [0, 130], maxMs: 12_000 });
  });
});

/** The URL a `mcpvet proxy --listen 0` of this marker listens on, read from its listening socket. */
async function proxyUrl(marker: string): Promise<string> {
  const { readdirSync, readFileSync, readlinkSync } = await import('node:fs');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        if (!readFileSync(`/proc/${pid}/environ`, 'utf8').includes(marker)) continue;
        const inodes = new Set(
          readdirSync(`/proc/${pid}/fd`)
            .map((fd) => /socket:\[(\d+)\]/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1])
            .filter(Boolean),
        );
        for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
          const fields = line.trim().split(/\s+/);
          if (fields[3] === '0A' && inodes.has(fields[9])) return `http://127.0.0.1:${parseInt((fields[1] as string).split(':')[1] as string, 16)}/mcp`;
        }
      } catch {
        // Gone, or not ours.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('mcpvet proxy did not listen within 10 s');
}
