/**
 * The stdio half of the hostile-server matrix: each behaviour of test/hostile/servers against
 * each command it concerns. Every case asserts the exit code, one clear error line, a wall-time
 * bound, no process left behind and, where the behaviour is about memory, peak RSS.
 */
import { describe, it } from 'vitest';
import { COMMANDS, commandLine, extraMs, printsEnvelope, type Command } from './commands.js';
import { expectClean, type Expectation } from './expect-clean.js';
import { context, limiter, runHostile } from './harness.js';

interface Behaviour {
  name: string;
  server: [string, ...string[]];
  commands: readonly Command[];
  /** Expectation of `call`, `lint`, `snapshot`, `record` and the chains through `proxy`/`record-relay`. */
  expect: Omit<Expectation, 'envelope'>;
  /** Where `check` differs (it never exits 3, 5 or 6). */
  check?: Partial<Expectation>;
  lint?: Partial<Expectation>;
  timeoutMs?: number;
}

const EVERY: readonly Command[] = COMMANDS;
const DATA: readonly Command[] = ['call', 'check', 'lint', 'snapshot'];
// A server that cannot be reached or dies: `check` reports it like `call` (exit 4, pinned in
// test/cli/check.test.ts) or as failed checks; never 0, 3, 5 or 6.
const CHECK_UNREACHABLE = { codes: [1, 2] };
/**
 * check runs many connections at once; all their traces share one budget (src/wire/trace.ts), and
 * each exchange is under the 64 MiB body cap. Measured peaks: 267 MB under the notification flood,
 * 282-301 MB with 200,000 tools, 136-144 MB under the stderr flood (load average 15-20, 2 cores).
 */
const CHECK_MAX_RSS_MB = 450;
const CHECK_VERDICT = { codes: [0, 2] };

const behaviours: Behaviour[] = [
  { name: 'never answers', server: ['hang.mjs', 'never'], commands: EVERY, expect: { codes: [4], maxMs: 10_000 }, check: CHECK_UNREACHABLE },
  {
    name: 'answers the handshake, then hangs',
    server: ['hang.mjs', 'after-handshake'],
    commands: EVERY,
    expect: { codes: [4], maxMs: 10_000 },
    check: { ...CHECK_UNREACHABLE, maxMs: 40_000 },
  },
  {
    name: 'ignores stdin EOF and SIGTERM',
    server: ['hang.mjs', 'immortal'],
    commands: EVERY,
    expect: { codes: [4], maxMs: 12_000 },
    check: { ...CHECK_UNREACHABLE, maxMs: 40_000 },
  },
  { name: 'exits at once', server: ['dies.mjs', 'at-once'], commands: EVERY, expect: { codes: [4], maxMs: 6000 }, check: CHECK_UNREACHABLE },
  {
    name: 'crashes mid-request',
    server: ['dies.mjs', 'mid-request'],
    commands: EVERY,
    expect: { codes: [4], maxMs: 8000 },
    check: { ...CHECK_UNREACHABLE, maxMs: 40_000 },
  },
  {
    name: 'grandchild in the same group holds stdout',
    server: ['grandchild.mjs', 'same-group'],
    commands: EVERY,
    // A well-behaved server: the case is its grandchild, not a timeout (CI saw 1.5 s pass at load 20).
    timeoutMs: 5000,
    expect: { codes: [0], maxMs: 8000 },
    check: { ...CHECK_VERDICT, maxMs: 40_000 },
    lint: { codes: [0, 6] },
  },
  {
    name: 'detached (setsid) grandchild holds stdout',
    server: ['grandchild.mjs', 'setsid'],
    commands: EVERY,
    // A well-behaved server: the case is its grandchild, not a timeout (CI saw 1.5 s pass at load 20).
    timeoutMs: 5000,
    expect: { codes: [0], maxMs: 8000 },
    check: { ...CHECK_VERDICT, maxMs: 40_000 },
    lint: { codes: [0, 6] },
  },
  {
    name: 'garbage text instead of answers',
    server: ['garbage.mjs', 'text'],
    commands: DATA,
    expect: { codes: [1, 4], maxMs: 10_000 },
    check: { codes: [1, 2], maxMs: 40_000 },
  },
  {
    name: 'binary instead of answers',
    server: ['garbage.mjs', 'binary'],
    commands: DATA,
    expect: { codes: [1, 4], maxMs: 10_000 },
    check: { codes: [1, 2], maxMs: 40_000 },
  },
  { name: 'a 200 MB line', server: ['garbage.mjs', 'huge-line'], commands: ['call', 'lint', 'proxy'], expect: { codes: [1, 4], maxMs: 15_000, maxRssMb: 400 } },
  {
    name: 'notification flood',
    server: ['flood.mjs', 'notifications'],
    commands: ['call', 'check', 'record-relay', 'proxy'],
    expect: { codes: [1, 4], maxMs: 15_000, maxRssMb: 300 },
    check: { codes: [1, 2], maxMs: 40_000, maxRssMb: CHECK_MAX_RSS_MB },
  },
  {
    name: 'stderr flood',
    server: ['flood.mjs', 'stderr'],
    commands: ['call', 'check', 'lint', 'proxy'],
    expect: { codes: [0], maxMs: 10_000, maxRssMb: 300 },
    check: { ...CHECK_VERDICT, maxMs: 40_000, maxRssMb: CHECK_MAX_RSS_MB },
    lint: { codes: [0, 6] },
  },
  // Issue item 8: an answer with another id is a protocol error naming both ids, at once (not a timeout).
  {
    name: 'answers with the wrong id',
    server: ['ids.mjs', 'wrong'],
    commands: ['call', 'check', 'lint', 'snapshot'],
    timeoutMs: 8000,
    expect: { codes: [1], maxMs: 6000, message: /1002\b.*\b2\b|\b2\b.*1002/ },
    check: { codes: [1, 2], maxMs: 40_000, message: undefined },
  },
  {
    name: 'answers with a foreign id',
    server: ['ids.mjs', 'foreign'],
    commands: ['call', 'check', 'lint'],
    timeoutMs: 8000,
    expect: { codes: [1], maxMs: 6000, message: /not-your-request/ },
    check: { codes: [1, 2], maxMs: 40_000, message: undefined },
  },
  {
    name: 'answers twice',
    server: ['ids.mjs', 'duplicate'],
    commands: ['call', 'check', 'proxy'],
    expect: { codes: [0, 1], maxMs: 8000 },
    check: { codes: [0, 1, 2], maxMs: 40_000 },
  },
  {
    name: 'answers ten times',
    server: ['ids.mjs', 'tenfold'],
    commands: ['call', 'check', 'proxy'],
    expect: { codes: [0, 1], maxMs: 8000 },
    check: { codes: [0, 1, 2], maxMs: 40_000 },
  },
  {
    name: '100,000-deep message',
    server: ['shapes.mjs', 'deep-nesting'],
    commands: DATA,
    expect: { codes: [0, 1], maxMs: 10_000 },
    check: { codes: [0, 1, 2], maxMs: 40_000 },
    lint: { codes: [0, 1, 6] },
  },
  {
    name: '5,000-deep input schema',
    server: ['shapes.mjs', 'deep-schema'],
    commands: DATA,
    expect: { codes: [0, 1], maxMs: 10_000 },
    check: { codes: [0, 1, 2], maxMs: 40_000 },
    lint: { codes: [0, 1, 6] },
  },
  {
    name: '200,000 tools',
    server: ['shapes.mjs', 'many-tools'],
    commands: ['call', 'check', 'lint', 'snapshot', 'record'],
    timeoutMs: 10_000,
    // 6.6 s for lint alone on a quiet machine; in the matrix five commands parse the 45 MB list side
    // by side with other test files on 2 cores, and CI saw lint pass 46 s: the bound guards hangs.
    expect: { codes: [0], maxMs: 90_000, maxRssMb: 600 },
    // Checks list the tools on fresh connections too (first-request capabilities, cursors, argument
    // mining): 463-504 MB measured before the GC after checks, 390 MB after; 21 s in the matrix, for
    // a 45 MB list (issue 10's 5x target is not met).
    check: { codes: [1, 2], maxMs: 100_000, maxRssMb: 700 },
    lint: { codes: [0, 6] },
  },
  {
    name: 'endless pagination',
    server: ['shapes.mjs', 'endless-pages'],
    commands: ['call', 'lint', 'snapshot', 'record'],
    expect: { codes: [1, 4], maxMs: 15_000, maxRssMb: 300 },
  },
];

const slot = limiter(Number(process.env.MCPVET_HOSTILE_CONCURRENCY ?? 3));

describe.concurrent('hostile stdio servers', () => {
  for (const behaviour of behaviours) {
    for (const command of behaviour.commands) {
      const expected: Expectation = {
        ...behaviour.expect,
        ...(command === 'check' ? behaviour.check : {}),
        ...(command === 'lint' ? behaviour.lint : {}),
        envelope: printsEnvelope(command),
      };
      expected.maxMs += extraMs(command);
      it(`${behaviour.name}: ${command} exits ${expected.codes.join('/')}`, { timeout: 180_000 }, async () => {
        const ctx = context();
        const run = await slot(() =>
          runHostile(ctx, commandLine(command, ctx, ctx.stdio(...behaviour.server), behaviour.timeoutMs), { killAfterMs: expected.maxMs + 5000 }),
        );
        expectClean(run, expected);
      });
    }
  }
});
