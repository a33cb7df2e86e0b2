/**
 * The model of `mcpvet eval`: a suite of tasks (what the tasks file says), the record of one run
 * of one task by one model (what happened), and the report (statistics over the runs). Every
 * other eval file works on these types; renderers read only `EvalReport`.
 */

/** A matcher of a text: the answer, or a value found in a tool result. */
export type TextMatcher = { exact: string } | { regex: string; flags?: string } | { contains: string | string[] };

/** How the arguments of an expected tool call are judged (all given ones must hold). */
export interface ArgumentsMatcher {
  /** The arguments are deeply equal to this object. */
  exact?: Record<string, unknown>;
  /** Every key given here is present with a deeply equal value; others may be there too. */
  subset?: Record<string, unknown>;
  /** Each named argument, as a string (non-strings JSON-encoded), matches the regular expression. */
  regex?: Record<string, string>;
  /** The arguments validate against this JSON Schema. */
  schema?: Record<string, unknown>;
}

export interface ExpectedToolCall {
  /** The MCP tool name (not the provider-safe name). */
  name: string;
  arguments?: ArgumentsMatcher;
}

/** A check of a value inside a tool result: structuredContent, or a text content parsed as JSON. */
export interface ToolResultExpectation {
  /** Only results of this tool are searched (default: all). */
  tool?: string;
  /** A JSONPath such as `$.items[0].name` (the subset `$`, `.name`, `['name']`, `[0]`, `[*]`). */
  path: string;
  equals?: unknown;
  matches?: TextMatcher;
}

export interface JudgeExpectation {
  rubric: string;
  /** Model spec of the judge (default: the suite's `judgeModel`, else the model under test). */
  model?: string;
}

/** How success is judged: every condition given must hold. */
export interface Expectation {
  answer?: TextMatcher;
  toolResult?: ToolResultExpectation[];
  toolCalls?: ExpectedToolCall[];
  /** The expected calls happen in this order (other calls may come between). Default false. */
  ordered?: boolean;
  forbiddenTools?: string[];
  maxCalls?: number;
  judge?: JudgeExpectation;
}

export interface EvalTask {
  id: string;
  prompt: string;
  tags: string[];
  holdout: boolean;
  expect: Expectation;
  /** Task overrides of the suite settings. */
  maxTurns?: number;
  runs?: number;
}

export interface EvalSettings {
  /** Model specs `provider:name` (overridden by `--model`). */
  models: string[];
  runs: number;
  maxTurns: number;
  /** Per run of a task. */
  timeoutMs: number;
  /** Per tool call. */
  toolTimeoutMs: number;
  /** Tokens (in + out) one run may spend; a run over it fails. */
  tokenBudget?: number;
  concurrency: number;
  systemPrompt?: string;
  /** Pass rate a task must reach (JUnit, `--until-confident`). */
  threshold: number;
  /** k of pass@k and pass^k (capped at the runs made). */
  k: number;
  judgeModel?: string;
  /** Sampling temperature given to the models (default: the provider's). */
  temperature?: number;
}

export interface EvalSuite {
  settings: EvalSettings;
  tasks: EvalTask[];
}

/** One tool call the model made, and what the server said. */
export interface ToolCallRecord {
  /** MCP tool name ('' when the model named no tool that exists). */
  name: string;
  /** The name the model used (the provider-safe name). */
  calledAs: string;
  arguments: unknown;
  /** The arguments do not validate against the tool's inputSchema. */
  invalidArguments: boolean;
  /** The tool answered `isError: true`, or the call failed (unknown tool, protocol error, timeout). */
  isError: boolean;
  /** Why the call failed, when it did not reach a tool result. */
  error?: string;
  /** Size of the result as JSON, in bytes. */
  resultBytes: number;
  /** The result (redacted; capped). */
  result?: unknown;
  ms: number;
  /** The tools/call request and response as they crossed the wire (absent when the call never reached the server). */
  frames?: TranscriptFrame[];
}

/** One JSON-RPC frame of a tool call (see transcript.ts for the caps). */
export interface TranscriptFrame {
  direction: 'send' | 'receive';
  /** Milliseconds after the call's first frame. */
  at: number;
  /** The frame's text as it crossed the wire (the head of it when `cut`). */
  text: string;
  /** Characters of the text not kept. */
  cut?: number;
  http?: { method: string; status?: number };
}

/** One message as the model was sent it. */
export interface TranscriptMessage {
  role: string;
  /** A string, or the message's parts (text, tool-call, tool-result); the JSON head of them when `cut`. */
  content: unknown;
  /** Characters of the content (as JSON) not kept. */
  cut?: number;
}

/** One model turn: a request to the model and its reply. */
export interface TurnRecord {
  text: string;
  toolCalls: ToolCallRecord[];
  inputTokens: number;
  outputTokens: number;
  modelMs: number;
  finishReason: string;
}

export interface JudgeVerdict {
  pass: boolean;
  reasoning: string;
  model: string;
}

export interface RunRecord {
  task: string;
  model: string;
  /** The description variant the model saw (absent without `--variants`). */
  variant?: string;
  /** 0-based index of this run of the task with this model. */
  run: number;
  passed: boolean;
  /** Why it did not pass, one line each (empty when it passed). */
  reasons: string[];
  answer: string;
  turns: TurnRecord[];
  inputTokens: number;
  outputTokens: number;
  modelMs: number;
  mcpMs: number;
  wallMs: number;
  costUsd?: number;
  judge?: JudgeVerdict;
  /** The whole conversation: system prompt and task as sent, the model's replies, tool results as sent back. */
  messages?: TranscriptMessage[];
  /** What the per-run cap of the transcript left out, in words. */
  transcriptCut?: string;
  /** The run did not complete: timeout, token budget, max turns, provider error. */
  error?: string;
}

export interface Percentiles {
  p50: number;
  p95: number;
}

export interface Interval {
  low: number;
  high: number;
}

/** Metrics over a set of runs (a task, a model, everything). */
export interface Metrics {
  runs: number;
  passes: number;
  passRate: number;
  interval: Interval;
  toolCallsPerRun: number;
  toolErrors: number;
  invalidArguments: number;
  inputTokens: number;
  outputTokens: number;
  costUsd?: number;
  wallMs: Percentiles;
  modelMs: Percentiles;
  mcpMs: Percentiles;
  toolCallMs: Percentiles;
}

export interface TaskStats extends Metrics {
  task: string;
  /** The task as the model got it (absent in reports written before it was kept). */
  prompt?: string;
  model: string;
  variant?: string;
  holdout: boolean;
  tags: string[];
  k: number;
  passAtK: number;
  passHatK: number;
  /** The pass rate reached the threshold (when there is one). */
  meetsThreshold: boolean;
  /** Runs not made because `--until-confident` stopped early. */
  runsSaved: number;
  /** What those runs would have cost, at this task's mean tokens (in + out) per run made (absent in older reports). */
  tokensSaved?: number;
}

export interface ConfusionCell {
  model: string;
  variant?: string;
  expected: string;
  /** The tool called instead ('(none)' when no call was made). */
  actual: string;
  count: number;
}

export type EvalFindingCode = 'repeated-calls' | 'invalid-arguments' | 'tool-never-used' | 'large-result' | 'tool-not-converted' | 'tool-errors';

export interface EvalFinding {
  code: EvalFindingCode;
  tool: string;
  model?: string;
  message: string;
}

export interface ToolCost {
  tool: string;
  /** Estimated tokens of the definition as the provider sees it (4 characters per token). */
  definitionTokens: number;
  /** Largest result seen, in bytes. */
  maxResultBytes: number;
  calls: number;
}

export interface EvalReport {
  format: 'mcpvet-eval';
  version: 1;
  startedAt: string;
  durationMs: number;
  /** The server, as the user named it (secrets redacted). */
  target: string;
  models: string[];
  settings: EvalSettings;
  variants?: string;
  replayed: boolean;
  tasks: TaskStats[];
  /** Per model over the tasks that are not held out, and over held-out ones. */
  overall: Array<{ model: string; variant?: string; holdout: boolean } & Metrics>;
  confusion: ConfusionCell[];
  findings: EvalFinding[];
  tools: ToolCost[];
  runs: RunRecord[];
  /** Runs not made by `--until-confident`, over all tasks. */
  runsSaved: number;
  /** Their tokens, estimated per task (see TaskStats.tokensSaved; absent in older reports). */
  tokensSaved?: number;
  /** With `--variants`: each variant against the first, per task and model. */
  variantComparison?: ComparisonRow[];
  /** Set with --shard i/n: the part of the tasks this report covers (`mcpvet report merge` joins them). */
  shard?: { index: number; total: number };
  /** Set with --expected-failures: listed failing tasks, unlisted ones, and entries that pass now (src/eval/baseline.ts). */
  baseline?: { file: string; expected: string[]; regressions: string[]; stale: string[] };
}

/** One task (with one model, one variant) in two sets of runs: B against A. */
export interface ComparisonRow {
  task: string;
  model: string;
  variant?: string;
  holdout: boolean;
  a: { runs: number; passes: number; passRate: number };
  b: { runs: number; passes: number; passRate: number };
  /** passRate(B) - passRate(A), with its 95 % Newcombe (hybrid score) interval. */
  difference: number;
  interval: Interval;
  /** better/worse: the interval lies wholly above/below 0; otherwise not enough runs to tell. */
  verdict: 'better' | 'worse' | 'not-enough-runs';
}

export interface EvalComparison {
  format: 'mcpvet-eval-compare';
  version: 1;
  a: string;
  b: string;
  rows: ComparisonRow[];
  /** Tasks in only one of the two reports. */
  onlyInA: string[];
  onlyInB: string[];
  regressions: number;
}
