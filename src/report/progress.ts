/**
 * Progress on stderr while checks run (stdout carries only the report). On a terminal, a line per
 * finished check (default) or one character per check ("dots"). When stderr is not a terminal (a
 * CI log, a pipe), one line per finished suite with its counts: a long run over a slow server is
 * never minutes of silence, and a log does not get a line per check. `quiet` writes nothing;
 * `verbose` writes a line per check, and its start, anywhere.
 */
import type { CheckResult, Status, Suite } from '../check/types.js';
import { painter, type Style } from './ansi.js';
import { formatDuration } from './summary.js';

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface ProgressOptions {
  stream?: ProgressStream;
  verbose?: boolean;
  quiet?: boolean;
  color?: boolean;
  mode?: 'lines' | 'dots';
  /** Number of checks selected, to show `[3/45]`. */
  total?: number;
  /** The selected checks: without a terminal, a suite's line is written once all of its checks are done. */
  checks?: { id: string; suite: Suite }[];
}

export interface Progress {
  onCheckStart(check: { id: string }): void;
  onCheckDone(result: CheckResult): void;
  /** Ends the dots line, and writes the lines of suites not yet reported; call once when the run is over. */
  finish(): void;
}

const MARK: Record<Status, [string, string, Style]> = {
  pass: ['✓', '.', 'green'],
  fail: ['✗', 'F', 'red'],
  warn: ['!', 'W', 'yellow'],
  info: ['i', 'i', 'cyan'],
  skip: ['-', 's', 'dim'],
  incomplete: ['?', '?', 'dim'],
  error: ['E', 'E', 'red'],
};

/** The order statuses are counted in a suite's line: what needs attention first. */
const COUNTED: Status[] = ['fail', 'error', 'warn', 'incomplete', 'info', 'pass', 'skip'];

const SILENT: Progress = { onCheckStart() {}, onCheckDone() {}, finish() {} };

export function createProgress(options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr;
  if (options.quiet) return SILENT;
  if (options.verbose || stream.isTTY) return perCheck(stream, options);
  return options.checks?.length ? perSuite(stream, options.checks) : SILENT;
}

function perCheck(stream: ProgressStream, options: ProgressOptions): Progress {
  const verbose = options.verbose === true;
  const paint = painter(options.color === true);
  const mode = options.mode ?? 'lines';
  const total = options.total ?? options.checks?.length;
  let done = 0;
  let dotsOpen = false;
  return {
    onCheckStart(check) {
      if (verbose && mode === 'lines') stream.write(paint('dim', `  … ${check.id}\n`));
    },
    onCheckDone(result) {
      done++;
      const [symbol, dot, style] = MARK[result.status];
      if (mode === 'dots') {
        stream.write(paint(style, dot));
        dotsOpen = true;
        return;
      }
      const count = total ? paint('dim', `[${done}/${total}] `) : '';
      stream.write(`${count}${paint(style, symbol)} ${result.id} ${paint('dim', formatDuration(result.durationMs))}\n`);
    },
    finish() {
      if (dotsOpen) stream.write('\n');
      dotsOpen = false;
    },
  };
}

interface SuiteTally {
  left: number;
  started?: number;
  counts: Partial<Record<Status, number>>;
  reported: boolean;
}

/** `[suite 2/12] tools: 31 checks, 1 fail, 25 pass, 5 skip (2.41s)` once the suite's last check is done. */
function perSuite(stream: ProgressStream, checks: { id: string; suite: Suite }[]): Progress {
  const suiteOf = new Map(checks.map((check) => [check.id, check.suite]));
  const tallies = new Map<Suite, SuiteTally>();
  for (const check of checks) {
    const tally = tallies.get(check.suite) ?? { left: 0, counts: {}, reported: false };
    tally.left++;
    tallies.set(check.suite, tally);
  }
  let reported = 0;
  const report = (suite: Suite, tally: SuiteTally): void => {
    tally.reported = true;
    reported++;
    const total = COUNTED.reduce((sum, status) => sum + (tally.counts[status] ?? 0), 0);
    const counts = COUNTED.filter((status) => tally.counts[status]).map((status) => `${tally.counts[status]} ${status}`);
    const took = tally.started === undefined ? '' : ` (${formatDuration(performance.now() - tally.started)})`;
    const unfinished = tally.left > 0 ? `, ${tally.left} not run` : '';
    stream.write(
      `[suite ${reported}/${tallies.size}] ${suite}: ${total} check${total === 1 ? '' : 's'}, ${counts.join(', ') || 'none done'}${unfinished}${took}\n`,
    );
  };
  return {
    onCheckStart(check) {
      const tally = tallies.get(suiteOf.get(check.id) as Suite);
      if (tally && tally.started === undefined) tally.started = performance.now();
    },
    onCheckDone(result) {
      const suite = result.suite as Suite;
      const tally = tallies.get(suite);
      if (!tally || tally.reported) return;
      tally.left--;
      tally.counts[result.status] = (tally.counts[result.status] ?? 0) + 1;
      if (tally.left === 0) report(suite, tally);
    },
    finish() {
      for (const [suite, tally] of tallies) if (!tally.reported && tally.started !== undefined) report(suite, tally);
    },
  };
}
