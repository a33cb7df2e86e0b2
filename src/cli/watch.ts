/**
 * `--watch PATH…` for `check` and `lint`: run, then run again whenever a watched file changes, and
 * after each report say what changed since the last run. Runs never overlap: a change during a run
 * queues one more. It ends only by Ctrl-C or SIGTERM (main.ts's handlers; the exit hook of
 * wire/children.ts reaps any server still running).
 */
import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { diffProblems, renderWatchDiff, type Problem } from '../report/watch-diff.js';
import { errorLine, toCliError, usageError } from './cli-error.js';
import { ExitCode } from './exit-codes.js';
import { printNote, printText } from './output.js';
import type { CheckFlags } from './check.js';
import type { LintFlags } from './lint.js';

/** Quiet time after the last change before running: an editor's save is often several events. */
const DEBOUNCE_MS = 300;
/** Folders are watched one by one (so node_modules is never walked); this many at most. */
const MAX_FOLDERS = 5000;
const IGNORED = new Set(['node_modules', '.git']);

/** --watch's usage errors, found before the first run: it prints the terminal report only. */
export function checkWatchFlags(paths: string[], format: string, terminalFormat: string, output?: string): void {
  if (format !== terminalFormat) throw usageError(`--watch prints the ${terminalFormat} report only, not --format ${format}`);
  if (output !== undefined) throw usageError('--watch prints to the terminal only: it cannot be used with -o');
  for (const path of paths) {
    try {
      statSync(path);
    } catch {
      throw usageError(`--watch ${path}: no such file or folder`);
    }
  }
}

/** `check --watch`: the console report each run, problems keyed by check id + finding code. */
export async function watchCheck(positional: string[], flags: CheckFlags): Promise<never> {
  const paths = flags.watch ?? [];
  checkWatchFlags(paths, flags.format, 'console', flags.output);
  const { runCheck } = await import('./check.js');
  const { checkProblems } = await import('../report/watch-diff.js');
  return watchRuns(paths, async () => {
    let problems: Problem[] = [];
    await runCheck(positional, { ...flags, watch: [] }, (report) => {
      problems = checkProblems(report);
    });
    return problems;
  });
}

/** `lint --watch`: the console report each run, problems keyed by tool + rule. */
export async function watchLint(positional: string[], flags: LintFlags): Promise<never> {
  const paths = flags.watch ?? [];
  checkWatchFlags(paths, flags.format === 'text' ? 'console' : flags.format, 'console');
  const { runLint } = await import('./lint.js');
  const { lintProblems } = await import('../report/watch-diff.js');
  return watchRuns(paths, async () => {
    let problems: Problem[] = [];
    await runLint(positional, { ...flags, watch: [] }, (findings) => {
      problems = lintProblems(findings);
    });
    return problems;
  });
}

/**
 * Runs `runOnce` (it prints its report and returns the run's problems) now and after every change
 * under `paths`, printing the difference from the last run that got a report. Never returns.
 */
export async function watchRuns(paths: string[], runOnce: () => Promise<Problem[]>): Promise<never> {
  let last: Problem[] | undefined;
  let runs = 0;
  let running = false;
  let queued = false;
  let timer: NodeJS.Timeout | undefined;

  const runNow = async (): Promise<void> => {
    running = true;
    try {
      do {
        queued = false;
        runs += 1;
        if (runs > 1) printText(`\n── run ${runs}: files changed ──\n`);
        try {
          const problems = await runOnce();
          if (last) printText(`\n${renderWatchDiff(diffProblems(last, problems))}`);
          last = problems;
        } catch (error) {
          const cli = toCliError(error);
          // Bad flags are bad every run: stop at once. Anything else (a server that does not start) may be fixed by the next save.
          if (runs === 1 && cli.exitCode === ExitCode.Usage && cli.code === 'usage') throw cli;
          printNote(errorLine(cli));
        }
      } while (queued);
    } finally {
      running = false;
    }
  };

  const onChange = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (running) queued = true;
      else void runNow().catch(fatal);
    }, DEBOUNCE_MS);
  };

  // Watching starts before the first run, so that a save during it is not missed.
  const watchers = paths.map((path) => watchPath(resolve(path), onChange));
  try {
    await runNow();
  } catch (error) {
    // A usage error of the first run ends the command: the watchers must not keep it alive.
    clearTimeout(timer);
    for (const watcher of watchers.flat()) watcher.close();
    throw error;
  }
  printNote(`mcpvet: watching ${paths.join(', ')} (${watchers.flat().length} folder(s)); Ctrl-C to stop`);
  return new Promise<never>(() => {});
}

/** A failure of the loop itself (not of a run): one line, exit 1. */
function fatal(error: unknown): void {
  const cli = toCliError(error);
  printNote(errorLine(cli));
  process.exit(cli.exitCode);
}

/**
 * Watches a file (through its folder, so that an editor that saves by renaming a new file over it
 * is still seen) or a folder and every folder under it but node_modules and .git.
 */
function watchPath(path: string, onChange: () => void): FSWatcher[] {
  if (!statSync(path).isDirectory()) {
    const name = basename(path);
    return [
      watch(dirname(path), (_event, file) => {
        if (file === name) onChange();
      }),
    ];
  }
  const watchers: FSWatcher[] = [];
  const watched = new Set<string>();
  const addFolder = (folder: string): void => {
    if (watched.has(folder) || watched.size >= MAX_FOLDERS) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, (_event, file) => {
        if (file === null || IGNORED.has(file)) return;
        // A new folder is watched too (fs.watch's recursive mode would also walk node_modules).
        addTree(join(folder, file));
        onChange();
      });
    } catch {
      return; // Gone already, or unreadable.
    }
    watcher.on('error', () => {
      watcher.close();
      watched.delete(folder);
    });
    watched.add(folder);
    watchers.push(watcher);
  };
  const addTree = (folder: string): void => {
    if (watched.has(folder)) return;
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return; // A file, or a folder that went away.
    }
    addFolder(folder);
    for (const entry of entries) if (entry.isDirectory() && !IGNORED.has(entry.name)) addTree(join(folder, entry.name));
  };
  addTree(path);
  return watchers;
}
