/**
 * Malformed command lines: each gets one clear line on stderr and its exit code at once, with
 * no stack trace, no hang, nothing started and left behind, and no secret echoed.
 */
import { describe, it } from 'vitest';
import { expectClean, type Expectation } from './expect-clean.js';
import { context, limiter, runHostile } from './harness.js';
import { NOTES_SERVER } from '../helpers/paths.js';

const notes = ['--', process.execPath, NOTES_SERVER];
const closed = 'http://127.0.0.1:9/mcp';

interface Line {
  name: string;
  args: string[];
  codes?: number[];
  never?: string[];
  envelope?: boolean;
}

const lines: Line[] = [
  { name: 'an unknown flag', args: ['call', '--method', 'tools/list', '--bogus', ...notes], envelope: true },
  { name: 'an unknown method', args: ['call', '--method', 'tools/nope', ...notes], envelope: true },
  { name: 'an unknown command', args: ['frobnicate'] },
  { name: 'no target', args: ['call', '--method', 'tools/list'], envelope: true },
  { name: '--timeout abc', args: ['call', '--method', 'tools/list', '--timeout', 'abc', ...notes], envelope: true },
  { name: '--timeout -5', args: ['call', '--method', 'tools/list', '--timeout', '-5', ...notes], envelope: true },
  // Issue item 7: beyond 2^31-1 ms Node fires the timer at once; a usage error (or a clamp) is right.
  { name: '--timeout 99999999999', args: ['call', '--method', 'tools/list', '--timeout', '99999999999', ...notes], codes: [0, 1] },
  { name: '--concurrency 0', args: ['check', '--concurrency', '0', ...notes] },
  { name: 'a header with CR/LF', args: ['call', '--method', 'tools/list', '--header', 'X-A: b\r\nInjected: yes', '--url', closed], envelope: true },
  { name: 'a header without a colon', args: ['call', '--method', 'tools/list', '--header', 'nocolon', '--url', closed], envelope: true },
  {
    name: 'a URL with credentials',
    args: ['call', '--method', 'tools/list', '--url', 'http://user:hunter2secret@127.0.0.1:9/mcp'],
    codes: [1, 4],
    never: ['hunter2secret'],
    envelope: true,
  },
  {
    name: 'a URL with a token in the query',
    args: ['call', '--method', 'tools/list', '--url', 'http://127.0.0.1:9/mcp?access_token=hunter2secret'],
    codes: [1, 4],
    never: ['hunter2secret'],
    envelope: true,
  },
  { name: 'a URL that is not http', args: ['call', '--method', 'tools/list', '--url', 'ftp://127.0.0.1/mcp'], envelope: true },
  { name: 'a URL that does not parse', args: ['call', '--method', 'tools/list', '--url', 'http://[::1'], envelope: true },
  { name: '--transport sse', args: ['call', '--method', 'tools/list', '--transport', 'sse', '--url', closed], envelope: true },
  { name: "--only '['", args: ['check', '--only', '[', ...notes], codes: [1] },
  // Issue item 6: an output folder that cannot be created must not spin.
  { name: '-o /proc/x', args: ['check', '--only', 'protocol.*', '-o', '/proc/x', ...notes] },
  { name: 'a missing --config file', args: ['call', '--method', 'tools/list', '--config', '/nonexistent/mcp.json'], envelope: true },
  { name: 'a --config file that is not JSON', args: ['call', '--method', 'tools/list', '--config', '/etc/hostname'], envelope: true },
  { name: 'a missing lint --file', args: ['lint', '--file', '/nonexistent/tools.json'] },
  { name: 'a missing cassette', args: ['replay', '/nonexistent/cassette.ndjson'] },
  { name: 'a missing --script', args: ['record', '--script', '/nonexistent/steps.yaml', '-o', '/tmp/never.ndjson', ...notes] },
  { name: 'a missing --calls file', args: ['check', '--calls', '/nonexistent/calls.yaml', ...notes] },
  { name: 'diff of missing files', args: ['diff', '/nonexistent/a.json', '/nonexistent/b.json'] },
  { name: 'tools/call without --tool-name', args: ['call', '--method', 'tools/call', ...notes], envelope: true },
  {
    name: '--tool-args-json that is not JSON',
    args: ['call', '--method', 'tools/call', '--tool-name', 'list_notes', '--tool-args-json', '{', ...notes],
    envelope: true,
  },
  { name: '--env without =', args: ['call', '--method', 'tools/list', '-e', 'NOEQUALS', ...notes], envelope: true },
  { name: 'a bad --fault', args: ['proxy', '--fault', 'explode@everything', ...notes] },
  { name: 'a bad --redact regex', args: ['record', '--redact', '(', '-o', '/tmp/never.ndjson', ...notes] },
  { name: 'a command that does not exist', args: ['call', '--method', 'tools/list', '--', '/nonexistent/server'], codes: [4], envelope: true },
  { name: 'a --cwd that does not exist', args: ['call', '--method', 'tools/list', '--cwd', '/nonexistent/dir', ...notes], codes: [1, 4], envelope: true },
];

const slot = limiter(4);

describe.concurrent('malformed command lines', () => {
  for (const line of lines) {
    const expected: Expectation = { codes: line.codes ?? [1], maxMs: 5000, maxLineChars: 1000, never: line.never, envelope: line.envelope };
    it(`${line.name}: exits ${expected.codes.join('/')} with one line`, { timeout: 60_000 }, async () => {
      const ctx = context();
      const run = await slot(() => runHostile(ctx, line.args, { killAfterMs: 15_000 }));
      expectClean(run, expected);
    });
  }
});
