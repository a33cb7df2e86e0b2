/**
 * Progress on stderr while checks run (stdout carries only the report). Silent when stderr
 * is not a terminal (CI logs get the report, not a stream of lines), unless verbose. Two
 * modes: a line per finished check (default), or one character per check ("dots").
 */
import type { CheckResult, Status } from '../check/types.js';
import { painter, type Style } from './ansi.js';
import { formatDuration } from './summary.js';

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface ProgressOptions {
  stream?: ProgressStream;
  verbose?: boolean;
  color?: boolean;
  mode?: 'lines' | 'dots';
  /** Number of checks selected, to show `[3/45]`. */
  total?: number;
}

export interface Progress {
  onCheckStart(check: { id: string }): void;
  onCheckDone(result: CheckResult): void;
  /** Ends the dots line; call once when the run is over. */
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

const SILENT: Progress = { onCheckStart() {}, onCheckDone() {}, finish() {} };

export function createProgress(options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr;
  const verbose = options.verbose === true;
  if (!stream.isTTY && !verbose) return SILENT;
  const paint = painter(options.color === true);
  const mode = options.mode ?? 'lines';
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
      const count = options.total ? paint('dim', `[${done}/${options.total}] `) : '';
      stream.write(`${count}${paint(style, symbol)} ${result.id} ${paint('dim', formatDuration(result.durationMs))}\n`);
    },
    finish() {
      if (dotsOpen) stream.write('\n');
      dotsOpen = false;
    },
  };
}
