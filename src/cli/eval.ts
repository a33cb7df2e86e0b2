/** `mcpvet eval`: parse flags, load the tasks (and variants, or a saved run), run, write the reports. */
import { writeFileSync } from 'node:fs';
import { redactValue } from '../report/redact.js';
import { oneLine } from '../wire/control-chars.js';
import { rememberSecrets } from '../wire/secret-values.js';
import { type Target, describeTarget } from '../wire/target.js';
import { parseBaseUrlFlags } from './base-url-flag.js';
import { usageError } from './cli-error.js';
import { readBaselineFlag } from './baseline-flag.js';
import { formatsFlag } from './format-flag.js';
import { ExitCode } from './exit-codes.js';
import { printNote } from './output.js';
import { parseShardFlag } from './shard-flag.js';
import { inShard, type Shard } from '../wire/shard.js';
import { parseDuration, parseWholeNumber } from './fuzz-options.js';
import { resolveTarget, type TargetFlags } from './target-options.js';

export interface EvalFlags extends TargetFlags {
  model: string[];
  baseUrl: string[];
  runs?: string;
  concurrency?: string;
  maxTurns?: string;
  runTimeout?: string;
  threshold?: string;
  untilConfident?: boolean;
  task: string[];
  tag: string[];
  variants?: string;
  save?: string;
  replay?: string;
  expectedFailures?: string;
  price?: string;
  shard?: string;
  format: string;
  output?: string;
  quiet?: boolean;
  color: boolean;
}

const KEY_VARIABLES = ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'OPENAI_COMPATIBLE_API_KEY'];

export async function runEvalCommand(tasksFile: string, server: string[], flags: EvalFlags): Promise<number> {
  const formats = formatsFlag('eval', flags.format, { hasOutput: true, multiple: true });
  const { prepareDestination } = await import('./report-destination.js');
  const destination = flags.output !== undefined ? usageOnError(() => prepareDestination(flags.output as string, formats)) : undefined;
  if (destination === undefined && formats.length > 1) throw usageError(`--format ${formats.join(',')}: several formats need -o DIR (stdout takes one)`);
  // Keys go to the provider library only: every output masks them, whatever echoes them.
  rememberSecrets(KEY_VARIABLES.flatMap((name) => (process.env[name] ? [{ kind: 'env' as const, name, value: process.env[name] as string }] : [])));
  const baseUrls = parseBaseUrlFlags(flags.baseUrl ?? []);
  const prices = flags.price !== undefined ? parsePrice(flags.price) : undefined;
  const shard = parseShardFlag(flags.shard);

  const { loadTasksFile } = await import('../eval/tasks-file.js');
  const suite = await fileOrUsage(() => loadTasksFile(tasksFile));
  const settings = suite.settings;
  if (flags.runs !== undefined) settings.runs = parseWholeNumber('--runs', flags.runs, 1, 10_000);
  if (flags.concurrency !== undefined) settings.concurrency = parseWholeNumber('--concurrency', flags.concurrency, 1, 256);
  if (flags.maxTurns !== undefined) settings.maxTurns = parseWholeNumber('--max-turns', flags.maxTurns, 1, 1000);
  if (flags.runTimeout !== undefined) settings.timeoutMs = parseDuration('--run-timeout', flags.runTimeout);
  if (flags.threshold !== undefined) settings.threshold = parseThreshold(flags.threshold);
  if (flags.runs !== undefined) for (const task of suite.tasks) delete task.runs;
  suite.tasks = selectTasks(suite.tasks, flags.task, flags.tag, shard);

  const { loadVariantsFile } = await import('../eval/variants.js');
  const variants =
    flags.variants !== undefined ? { file: flags.variants, variants: usageOnError(() => loadVariantsFile(flags.variants as string)) } : undefined;
  const { loadEvalCassette } = await import('../eval/eval-cassette.js');
  const replay = flags.replay !== undefined ? usageOnError(() => loadEvalCassette(flags.replay as string)) : undefined;
  const expected =
    flags.expectedFailures !== undefined ? await readBaselineFlag(flags.expectedFailures, { id: 'task id', example: 'weather-boston' }) : undefined;
  let target: Target | undefined;
  if (!replay) target = await resolveTarget(flags, server);
  else if (server.length > 0 || flags.url !== undefined) throw usageError('--replay runs the saved run offline: give no server');
  const models = flags.model.length > 0 ? flags.model : settings.models;

  const { runEval, EvalSetupError } = await import('../eval/run.js');
  const { ModelSpecError } = await import('../eval/model-spec.js');
  const { ProviderSetupError } = await import('../eval/provider.js');
  const { EndpointError } = await import('../eval/endpoints.js');
  const { ModelUnusableError } = await import('../eval/run-task.js');
  const { ReplayDivergedError } = await import('../eval/tool-executor.js');
  const { formatProgressLine } = await import('../report/eval/progress.js');
  const abort = new AbortController();
  let result: Awaited<ReturnType<typeof runEval>>;
  try {
    result = await runEval({
      suite,
      models,
      baseUrl: baseUrls.baseUrl,
      modelBaseUrls: baseUrls.modelBaseUrls,
      target,
      era: flags.protocolEra,
      connectTimeoutMs: flags.timeout,
      targetLabel: replay ? replay.target : describeTarget(target as Target),
      replay,
      record: flags.save !== undefined,
      variants,
      untilConfident: flags.untilConfident === true,
      prices,
      signal: abort.signal,
      onProgress: flags.quiet ? undefined : throttled((progress) => process.stderr.write(`${formatProgressLine(progress)}\n`)),
    });
  } catch (error) {
    if (
      error instanceof EvalSetupError ||
      error instanceof ModelSpecError ||
      error instanceof ProviderSetupError ||
      error instanceof EndpointError ||
      error instanceof ModelUnusableError ||
      error instanceof ReplayDivergedError
    )
      throw usageError(error.message);
    throw error;
  }
  // Server results and model text may echo a key or a server secret: both files are scrubbed.
  const { applyEvalBaseline, evalExitCode } = await import('../eval/baseline.js');
  const redacted = { ...(redactValue(result.report) as typeof result.report), ...(shard && { shard }) };
  const report = expected ? applyEvalBaseline(redacted, expected, flags.expectedFailures as string) : redacted;
  if (flags.save !== undefined && result.cassette) {
    writeFileSync(flags.save, `${JSON.stringify(redactValue(result.cassette), null, 2)}\n`, 'utf8');
    printNote(`mcpvet eval: saved the run to ${flags.save} (replay it with --replay ${flags.save})`);
  }
  const { writeEvalReports } = await import('./eval-output.js');
  const color = flags.color && process.stdout.isTTY === true && !process.env.NO_COLOR;
  writeEvalReports(report, formats, destination, { color });
  // Held-out tasks count too, as in JUnit: they are reported apart, not excused.
  return evalExitCode(report) === 0 ? ExitCode.Ok : ExitCode.Failed;
}

function selectTasks<T extends { id: string; tags: string[] }>(tasks: T[], ids: string[], tags: string[], shard?: Shard): T[] {
  const unknownId = ids.find((id) => !tasks.some((task) => task.id === id));
  if (unknownId !== undefined) throw usageError(`--task ${oneLine(unknownId)}: no task has this id`);
  const matching = tasks.filter((task) => (ids.length === 0 || ids.includes(task.id)) && (tags.length === 0 || task.tags.some((tag) => tags.includes(tag))));
  if (matching.length === 0) throw usageError('no task left to run (check --task and --tag)');
  const selected = inShard(matching, (task) => task.id, shard);
  if (selected.length === 0)
    throw usageError(`--shard ${shard?.index}/${shard?.total}: no task falls in this shard (${matching.length} tasks; use fewer shards)`);
  return selected;
}

/** `--price 0.15/0.60`: USD per million input / output tokens. */
function parsePrice(value: string): { inputPerToken: number; outputPerToken: number } {
  const match = /^\s*(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)\s*$/.exec(value);
  if (!match) throw usageError(`--price ${oneLine(value)}: write INPUT/OUTPUT in USD per million tokens, e.g. 0.15/0.60`);
  return { inputPerToken: Number(match[1]) / 1e6, outputPerToken: Number(match[2]) / 1e6 };
}

function parseThreshold(value: string): number {
  const threshold = Number(value);
  if (!/^\s*(0(\.\d+)?|1(\.0+)?)\s*$/.test(value) || Number.isNaN(threshold))
    throw usageError(`--threshold ${oneLine(value)}: a pass rate from 0 to 1, e.g. 0.8`);
  return threshold;
}

/** A tasks or variants file with mistakes: one line per mistake (the last one is the error line). */
async function fileOrUsage<T>(load: () => T): Promise<T> {
  const { EvalFileError } = await import('../eval/file-fields.js');
  try {
    return load();
  } catch (error) {
    if (!(error instanceof EvalFileError)) throw error;
    for (const line of error.lines.slice(0, -1)) printNote(`mcpvet: ${line}`);
    throw usageError(error.lines.at(-1) ?? error.message);
  }
}

function usageOnError<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw usageError((error as Error).message);
  }
}

/** Progress on stderr at most every second, and always for the last run. */
function throttled<P extends { tasksDone: number; tasksTotal: number }>(print: (progress: P) => void): (progress: P) => void {
  let last = 0;
  return (progress) => {
    const now = Date.now();
    if (now - last < 1000 && progress.tasksDone < progress.tasksTotal) return;
    last = now;
    print(progress);
  };
}
