/** What a started stdio server showed: only MCP messages on stdout, its start-up time, its exit on stdin EOF. */
import { stdoutPollution } from '../../check/probes/stdio/stdout-pollution.js';
import { answeredRequest, type StartOutcome } from '../start.js';
import { type DoctorItem, item } from '../types.js';

/** Hosts wait some seconds for a first answer; past this one a slow start is worth knowing about. */
export const SLOW_START_MS = 5000;

export function stdioItems(start: StartOutcome | undefined, timeoutMs: number): DoctorItem[] {
  if (!start)
    return [
      item('stdout.only-messages', 'stdout carries only MCP messages', 'skip', 'the server did not start, so its stdout was not judged'),
      item('start.time', 'start-up time', 'skip', 'the server did not start'),
      item('stdout.exits-on-eof', 'the server exits when its stdin closes', 'skip', 'the server did not start'),
    ];
  return [pollutionItem(start), timeItem(start, timeoutMs), eofItem(start)];
}

function pollutionItem(start: StartOutcome): DoctorItem {
  const { lines, pollution, shown } = stdoutPollution(start.frames);
  const title = 'stdout carries only MCP messages';
  if (pollution.length === 0) return item('stdout.only-messages', title, 'pass', `all ${lines.length} stdout line(s) were JSON-RPC messages`);
  return item(
    'stdout.only-messages',
    title,
    'fail',
    `the server writes to stdout what is not an MCP message: ${pollution.length} of ${lines.length} line(s), first ${shown.join(', ')}; a host reads stdout as the protocol stream`,
    {
      fix: 'write logs to stderr (console.error, print(..., file=sys.stderr), logging to stderr), never to stdout',
      details: pollution.slice(0, 5).map((frame) => frame.raw),
    },
  );
}

function timeItem(start: StartOutcome, timeoutMs: number): DoctorItem {
  const title = 'start-up time';
  if (start.ms === undefined) return item('start.time', title, 'skip', `no answer within ${timeoutMs} ms`);
  if (start.ms > SLOW_START_MS)
    return item('start.time', title, 'warn', `the first answer (${answeredRequest(start)}) came ${start.ms} ms after the start; some hosts give up sooner`, {
      fix: 'do slow work (downloads, indexing, connections) after answering, or lazily on the first call',
    });
  return item('start.time', title, 'pass', `answered ${answeredRequest(start)} ${start.ms} ms after the start`);
}

function eofItem(start: StartOutcome): DoctorItem {
  const title = 'the server exits when its stdin closes';
  if (!start.close) return item('stdout.exits-on-eof', title, 'skip', 'the server exited before its stdin was closed');
  if (start.close.ok) return item('stdout.exits-on-eof', title, 'pass', start.close.message);
  return item('stdout.exits-on-eof', title, 'warn', start.close.message, {
    fix: 'exit when stdin ends (Node: process.stdin.on("end", () => process.exit(0))); hosts close stdin to stop a server and leave it running otherwise',
  });
}
