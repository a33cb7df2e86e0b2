/**
 * `mcpvet eval`: every task, for every model (and description variant), run several times through
 * the server's tools; each run judged; runs stopped early once a task's pass rate is known well
 * enough (`untilConfident`); everything recorded when the run is to be saved, and replayable.
 */
import { connect } from '../client/connect.js';
import type { McpClient } from '../client/types.js';
import type { Era } from '../protocol/versions.js';
import { compileSchema } from '../protocol/json-schema.js';
import type { Target } from '../wire/target.js';
import { type EvalCassette, type ModelExchange, type RunRecording, recordingFetch, replayingFetch, runKey } from './eval-cassette.js';
import { checkEndpoints, type EndpointSettings, endpointFor } from './endpoints.js';
import { judgeRun } from './judge.js';
import { judgePrompt, parseJudgeReply } from './judge-model.js';
import { type ModelSpec, parseModelSpec } from './model-spec.js';
import { languageModel } from './provider.js';
import { buildEvalReport, savedKey } from './report.js';
import { describeError, runTask } from './run-task.js';
import { confidentAbout } from './stats.js';
import { type AdaptedTools, type McpTool, adaptTools } from './tool-adapter.js';
import { type ToolExchange, type ToolExecutor, liveExecutor, replayExecutor } from './tool-executor.js';
import type { EvalProgress } from '../report/eval/progress.js';
import type { EvalReport, EvalSuite, EvalTask, JudgeVerdict, RunRecord } from './types.js';
import { type DescriptionVariant, applyVariant } from './variants.js';

export interface EvalRunOptions {
  suite: EvalSuite;
  /** Model specs; ignored on replay (the recording's models run). */
  models: string[];
  /** The URL of every `openai-compatible:` model (see endpoints.ts for the whole rule). */
  baseUrl?: string;
  /** A URL per model spec, for any provider. */
  modelBaseUrls?: Record<string, string>;
  /** Where OPENAI_BASE_URL / ANTHROPIC_BASE_URL are read (default: process.env). */
  env?: NodeJS.ProcessEnv;
  target?: Target;
  era?: Era | 'auto';
  connectTimeoutMs?: number;
  /** The server as the report names it. */
  targetLabel: string;
  replay?: EvalCassette;
  /** Keep every run's recording (for `--save`). */
  record?: boolean;
  variants?: { file: string; variants: DescriptionVariant[] };
  untilConfident?: boolean;
  prices?: { inputPerToken: number; outputPerToken: number };
  onProgress?: (progress: EvalProgress) => void;
  signal?: AbortSignal;
}

export interface EvalRunResult {
  report: EvalReport;
  cassette?: EvalCassette;
}

export class EvalSetupError extends Error {}

/**
 * `untilConfident` looks only from this many runs on: a single failure already has a 95 % interval
 * wholly under 0.8, and looking after every run raises the real error rate above 5 %.
 */
export const MIN_RUNS_BEFORE_STOPPING = 5;

const REPLAY_BASE_URL = 'http://127.0.0.1:9/replayed';

interface Cell {
  model: ModelSpec;
  variant?: string;
  adapted: AdaptedTools;
}

interface Group {
  cell: Cell;
  task: EvalTask;
  runs: number;
  started: number;
  done: number;
  passes: number;
  stopped: boolean;
}

export async function runEval(options: EvalRunOptions): Promise<EvalRunResult> {
  const startedAt = new Date();
  const began = performance.now();
  const suite = options.replay ? { ...options.suite, settings: { ...options.suite.settings, runs: options.replay.runsPerTask } } : options.suite;
  let client: McpClient | undefined;
  try {
    const models = options.replay ? [...new Set(options.replay.runs.map((run) => run.model))].map(parseModelSpec) : options.models.map(parseModelSpec);
    if (models.length === 0) throw new EvalSetupError('no model: give --model provider:name (or settings.models in the tasks file)');
    const endpoints: EndpointSettings = { baseUrl: options.baseUrl, modelBaseUrls: options.modelBaseUrls, env: options.env };
    // Checked before the server starts: a wrong URL is a usage mistake, not a failed run.
    if (!options.replay) checkEndpoints(models, judgeSpecs(suite), endpoints);
    // A replay answers from the file: the URL only has to satisfy the provider library.
    const endpoint = (model: ModelSpec) => (options.replay ? REPLAY_BASE_URL : endpointFor(model, endpoints));
    let tools: McpTool[];
    if (options.replay) tools = options.replay.tools;
    else {
      if (!options.target) throw new EvalSetupError('no server: give the server command after -- or --url');
      client = await connect(options.target, { era: options.era ?? 'auto', timeoutMs: options.connectTimeoutMs ?? 10_000 });
      tools = (await client.listAll('tools/list')) as McpTool[];
    }
    const missing = missingTools(suite, tools);
    if (missing.length > 0) throw new EvalSetupError(`the server has no tool ${missing.map((entry) => `"${entry.tool}" (task ${entry.task})`).join(', ')}`);
    const cells = buildCells(models, tools, options.variants?.variants);
    const validators = argumentValidators(tools);
    const recordings = new Map((options.replay?.runs ?? []).map((run) => [runKey(run), run]));
    const saved: RunRecording[] = [];

    // A replay makes the runs the recording has, whatever the tasks file or --runs say now.
    const plannedRuns = (task: EvalTask, cell: Cell): number =>
      options.replay
        ? options.replay.runs.filter((run) => run.task === task.id && run.model === cell.model.spec && run.variant === cell.variant).length
        : (task.runs ?? suite.settings.runs);
    const groups: Group[] = cells.flatMap((cell) =>
      suite.tasks.map((task) => ({ cell, task, runs: plannedRuns(task, cell), started: 0, done: 0, passes: 0, stopped: false })),
    );
    const records: RunRecord[] = [];
    const progress: EvalProgress = {
      runsDone: 0,
      runsTotal: groups.reduce((sum, group) => sum + group.runs, 0),
      passes: 0,
      tokens: 0,
      tasksDone: 0,
      tasksTotal: groups.length,
    };

    const oneRun = async (group: Group, run: number): Promise<void> => {
      const { cell, task } = group;
      const key = runKey({ task: task.id, model: cell.model.spec, variant: cell.variant, run });
      const recording = recordings.get(key);
      if (options.replay && !recording)
        throw new EvalSetupError(`the recording has no run ${run + 1} of task "${task.id}" with ${cell.model.spec}: replay the tasks file it was saved with`);
      const replies: ModelExchange[] = [];
      let pendingModelMs = 0;
      const onModelMs = (ms: number) => {
        pendingModelMs += ms;
      };
      const fetch = recording ? replayingFetch(recording.replies, onModelMs) : recordingFetch(replies, onModelMs);
      const exchanges: ToolExchange[] = [];
      const executor = recording ? replayExecutor(recording.tools) : recordingExecutor(liveExecutor(client!, suite.settings.toolTimeoutMs), exchanges);
      const model = await languageModel(cell.model, { baseUrl: endpoint(cell.model), fetch });
      const record = await runTask({
        task,
        settings: suite.settings,
        model,
        modelSpec: cell.model.spec,
        variant: cell.variant,
        run,
        tools: cell.adapted,
        executor,
        validArguments: (tool, args) => validators.get(tool)?.(args),
        takeModelMs: () => {
          const ms = pendingModelMs;
          pendingModelMs = 0;
          return ms;
        },
        signal: options.signal,
      });
      record.reasons = judgeRun(task, record);
      if (task.expect.judge && record.error === undefined) {
        record.judge = await judgeWithModel(task, record, cell.model, suite.settings.judgeModel, endpoint, fetch);
        if (!record.judge.pass) record.reasons.push(`judge: ${record.judge.reasoning}`);
      }
      record.passed = record.reasons.length === 0;
      // The frames a run's budget dropped from its record go from the saved run too, or a saved eval would hold every one.
      const keptFrames = new Set(record.turns.flatMap((turn) => turn.toolCalls.map((call) => call.frames)));
      for (const exchange of exchanges) if (!keptFrames.has(exchange.frames)) delete exchange.frames;
      if (recording) record.wallMs = recording.wallMs;
      else if (options.record)
        saved.push({
          task: task.id,
          model: cell.model.spec,
          ...(cell.variant !== undefined ? { variant: cell.variant } : {}),
          run,
          replies,
          tools: exchanges,
          wallMs: record.wallMs,
        });
      records.push(record);
      group.done++;
      if (record.passed) group.passes++;
      if (options.untilConfident && group.done >= MIN_RUNS_BEFORE_STOPPING && confidentAbout(group.passes, group.done, suite.settings.threshold) !== undefined)
        group.stopped = true;
      progress.runsDone++;
      progress.passes += record.passed ? 1 : 0;
      progress.tokens += record.inputTokens + record.outputTokens;
      const worst = lowestSoFar(groups, cells.length > 1);
      if (worst) progress.lowest = worst;
      progress.tasksDone = groups.filter(
        (candidate) => candidate.done === candidate.runs || (candidate.stopped && candidate.done === candidate.started),
      ).length;
      options.onProgress?.(progress);
    };

    await runPool(groups, Math.max(1, suite.settings.concurrency), oneRun, options.signal);

    const runsSaved = new Map(groups.map((group) => [savedKey(group.task.id, group.cell.model.spec, group.cell.variant), group.runs - group.started]));
    const byOrder = (a: RunRecord, b: RunRecord) => order(groups, a) - order(groups, b) || a.run - b.run;
    const report = buildEvalReport({
      suite,
      runs: records.sort(byOrder),
      target: options.targetLabel,
      models: models.map((model) => model.spec),
      ...(options.variants ? { variants: options.variants.file } : {}),
      replayed: options.replay !== undefined,
      startedAt: startedAt.toISOString(),
      durationMs: Math.round(performance.now() - began),
      tools: cells[0]!.adapted.tools.map((tool) => ({ name: tool.tool.name, definitionTokens: tool.definitionTokens })),
      notConverted: [...new Map(cells.flatMap((cell) => cell.adapted.notConverted).map((entry) => [entry.tool, entry])).values()],
      runsSaved,
      ...(options.prices ? { prices: options.prices } : {}),
    });
    const cassette: EvalCassette | undefined = options.record
      ? {
          format: 'mcpvet-eval-cassette',
          version: 1,
          target: options.targetLabel,
          runsPerTask: suite.settings.runs,
          tools,
          runs: saved.sort((a, b) => runKey(a).localeCompare(runKey(b))),
        }
      : undefined;
    return { report, cassette };
  } finally {
    await client?.close();
  }
}

function buildCells(models: ModelSpec[], tools: McpTool[], variants: DescriptionVariant[] | undefined): Cell[] {
  const variantTools: Array<{ name?: string; tools: McpTool[] }> = [];
  if (!variants || variants.length === 0) variantTools.push({ tools });
  else
    for (const variant of variants) {
      const applied = applyVariant(tools, variant);
      if (applied.problems.length > 0) throw new EvalSetupError(`variant "${variant.name}": ${applied.problems.join('; ')}`);
      variantTools.push({ name: variant.name, tools: applied.tools as McpTool[] });
    }
  return models.flatMap((model) =>
    variantTools.map((variant) => ({
      model,
      ...(variant.name !== undefined ? { variant: variant.name } : {}),
      adapted: adaptTools(variant.tools, model.provider),
    })),
  );
}

/** The graders the tasks name; a task without one is judged by the model under test. */
function judgeSpecs(suite: EvalSuite): string[] {
  const judged = suite.tasks.filter((task) => task.expect.judge !== undefined);
  return [...new Set(judged.flatMap((task) => task.expect.judge?.model ?? suite.settings.judgeModel ?? []))];
}

/** Tools a task names that the server does not list: a typo, or the wrong server. */
function missingTools(suite: EvalSuite, tools: McpTool[]): Array<{ task: string; tool: string }> {
  const listed = new Set(tools.map((tool) => tool.name));
  return suite.tasks.flatMap((task) => {
    const named = [
      ...(task.expect.toolCalls ?? []).map((call) => call.name),
      ...(task.expect.toolResult ?? []).flatMap((check) => (check.tool !== undefined ? [check.tool] : [])),
    ];
    return [...new Set(named)].filter((tool) => !listed.has(tool)).map((tool) => ({ task: task.id, tool }));
  });
}

/** Arguments are checked against the server's own schema: a variant changes descriptions only. */
function argumentValidators(tools: McpTool[]): Map<string, (args: unknown) => boolean> {
  const validators = new Map<string, (args: unknown) => boolean>();
  for (const tool of tools) {
    const compiled = compileSchema(tool.inputSchema);
    if (compiled.ok) validators.set(tool.name, (args) => compiled.validate(args) === true);
  }
  return validators;
}

function recordingExecutor(inner: ToolExecutor, into: ToolExchange[]): ToolExecutor {
  return {
    async call(name, args) {
      const exchange = await inner.call(name, args);
      into.push(exchange);
      return exchange;
    },
  };
}

async function judgeWithModel(
  task: EvalTask,
  run: RunRecord,
  underTest: ModelSpec,
  suiteJudge: string | undefined,
  endpoint: (model: ModelSpec) => string | undefined,
  fetch: typeof globalThis.fetch,
): Promise<JudgeVerdict> {
  const spec = task.expect.judge?.model ?? suiteJudge ?? underTest.spec;
  try {
    const { generateText } = await import('ai');
    const judge = parseModelSpec(spec);
    const model = await languageModel(judge, { baseUrl: endpoint(judge), fetch });
    const { system, prompt } = judgePrompt(task, run);
    const reply = await generateText({ model, system, prompt, abortSignal: AbortSignal.timeout(120_000) });
    return { ...parseJudgeReply(reply.text), model: spec };
  } catch (error) {
    return { pass: false, reasoning: `the judge could not be asked: ${describeError(error)}`, model: spec };
  }
}

/**
 * Runs in parallel up to `concurrency`, taking each group's runs in order: a group stopped by
 * `untilConfident` starts no more runs. Groups are interleaved so that one slow task does not
 * hold the others back.
 */
async function runPool(groups: Group[], concurrency: number, work: (group: Group, run: number) => Promise<void>, signal?: AbortSignal): Promise<void> {
  const next = (): { group: Group; run: number } | undefined => {
    if (signal?.aborted) return undefined;
    let best: Group | undefined;
    for (const group of groups) if (!group.stopped && group.started < group.runs && (best === undefined || group.started < best.started)) best = group;
    if (!best) return undefined;
    return { group: best, run: best.started++ };
  };
  let failure: unknown;
  const worker = async () => {
    for (let item = next(); item && failure === undefined; item = next()) {
      try {
        await work(item.group, item.run);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (failure !== undefined) throw failure;
}

function order(groups: Group[], run: RunRecord): number {
  return groups.findIndex((group) => group.task.id === run.task && group.cell.model.spec === run.model && group.cell.variant === run.variant);
}

/** The task (and model, when several run) with the lowest pass rate among those with a finished run. */
function lowestSoFar(groups: Group[], nameModel: boolean): EvalProgress['lowest'] {
  let worst: Group | undefined;
  for (const group of groups) {
    if (group.done === 0) continue;
    if (!worst || group.passes / group.done < worst.passes / worst.done) worst = group;
  }
  if (!worst) return undefined;
  const label = nameModel ? `${worst.task.id} @ ${worst.cell.model.spec}${worst.cell.variant !== undefined ? ` (${worst.cell.variant})` : ''}` : worst.task.id;
  return { label, passes: worst.passes, runs: worst.done };
}
