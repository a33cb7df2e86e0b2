/** The check model (DESIGN.md "Checks"): metadata, one run function, results with evidence. */
import type { StdioShutdown } from '../wire/stdio.js';
import type { McpClient } from '../client/types.js';
import type { Channel } from '../protocol/channel.js';
import type { CallPolicy } from '../protocol/call-policy.js';
import type { EvalReport } from '../eval/types.js';
import type { FuzzReport } from '../fuzz/report.js';
import type { LoadReport } from '../load/report.js';
import type { Era } from '../protocol/versions.js';
import type { Target, Transport } from '../wire/target.js';
import type { Shard } from '../wire/shard.js';
import type { Frame, Trace } from '../wire/trace.js';

/**
 * How a broken rule is reported, derived from the requirements a check names (requirements/grade.ts):
 * MUST fails; SHOULD warns; DESCRIPTIVE (the spec describes it without a keyword, clients depend on
 * it) warns; INFO (no normative basis: an example, advice, robustness) is a note; SECURITY (one of
 * mcpvet's security rules, security.yaml) fails, warns or notes by the rule's severity.
 */
export type Level = 'MUST' | 'SHOULD' | 'DESCRIPTIVE' | 'INFO' | 'SECURITY';
/** A result's level: a check's, or `RULE`, a rule of mcpvet's own (lint, fuzz, contract) graded by its own severity. */
export type ResultLevel = Level | 'RULE';

/**
 * `skip`: the check does not apply (capability not declared, other era or transport).
 * `incomplete`: it applies but could not decide (no tool it may call, no input_required reached,
 * no replica); its message says what would let it run (`--calls`, `--allow-call`, `--replica`).
 */
export type Status = 'pass' | 'fail' | 'warn' | 'info' | 'skip' | 'incomplete' | 'error';

export type Suite =
  | 'protocol'
  | 'tools'
  | 'resources'
  | 'prompts'
  | 'completion'
  | 'errors'
  | 'stdio'
  | 'http'
  | 'stateless'
  | 'mrtr'
  | 'subscriptions'
  | 'tasks'
  | 'utilities'
  | 'lint'
  | 'security'
  | 'auth';

export interface Evidence {
  /** Trace frames the verdict rests on. */
  frames?: Frame[];
  /** A curl command reproducing the HTTP request. */
  curl?: string;
  /** Anything else worth showing (a schema error, a diff). */
  note?: string;
}

/** Where a finding is: a listed tool (and a JSON pointer into it), or a method. */
export type FindingLocation = { tool: string; pointer?: string } | { method: string };

/**
 * What a check's run function returns (one, or several: one per offending tool, say).
 * `code` names why a non-pass finding was given: kebab-case, stable across releases, unique
 * within its check (e.g. `invalid-characters`); reports show it as `<check id>/<code>`
 * (`tools.name-format/invalid-characters`), and tests assert it, not only the status.
 */
export interface Finding {
  status: Status;
  message: string;
  code?: string;
  location?: FindingLocation;
  evidence?: Evidence[];
  /** The requirement id a violation breaks, when the check names several of different levels. */
  requirement?: string;
}

/**
 * Why a shared probe found nothing to judge: `skip` is the reason; `incomplete`, the code, when
 * the check applies but could not decide (define.ts `notJudged` turns it into the finding).
 */
export interface NotJudged {
  skip: string;
  incomplete?: string;
}

/** One graded finding of a result (its evidence is in the result's). */
export interface ResultFinding {
  status: Status;
  level: ResultLevel;
  code?: string;
  location?: FindingLocation;
  message: string;
}

export interface OpenClientOptions {
  era?: Era;
  capabilities?: Record<string, unknown>;
  target?: Target;
  /** The connection's trace is the check's own: it is not added to the run's evidence. */
  ownVerdict?: boolean;
  shutdown?: StdioShutdown;
}

/** Extra bearer tokens for the auth suite (--token-*): secrets, never printed. */
export interface AuthTokens {
  /** Valid, but issued for another resource. */
  otherAudience?: string;
  expired?: string;
  /** Valid, but lacking a scope some tool needs. */
  lowScope?: string;
  /** The low-scope token's scopes plus every scope its 403 challenge named (the step-up a client would do). */
  stepUp?: string;
  /** Holds only a broader scope that implies the ones the low-scope token lacks (a scope hierarchy). */
  broadScope?: string;
  /** Valid, of another identity. */
  otherUser?: string;
}

/** --canary: a secret value mcpvet planted (the random part a search looks for); never printed. */
export interface PlantedCanary {
  where: 'env' | 'header';
  /** The env variable or header (lower case) it was planted in. */
  name: string;
  value: string;
}

export interface CheckContext {
  /** The shared connection of the run (already connected, era decided). */
  readonly client: McpClient;
  readonly target: Target;
  readonly era: Era;
  readonly transport: Transport;
  readonly timeoutMs: number;
  /**
   * A fresh connection (a new process for stdio), or one to `target` (e.g. the replica); its
   * trace joins the run's traces (unless `ownVerdict`: a connection the check disturbs on purpose
   * is judged by that check alone) and it is closed when the check ends.
   */
  openClient(options?: OpenClientOptions): Promise<McpClient>;
  /**
   * A raw channel to the target on which nothing was sent yet (a fresh process on stdio, warm
   * when one is ready), for probes whose first message is the subject. The check closes it.
   */
  freshChannel(): Channel;
  /** A second instance of the same server (--replica), when one was given. */
  readonly replica?: Target;
  /** Whether a tool may be called (--allow-call, --calls, or readOnlyHint with openWorldHint: false), and with which arguments. */
  callPolicy: CallPolicy;
  /** tools/list (all pages) of the shared connection, fetched once per run. */
  tools(): Promise<Record<string, unknown>[]>;
  /** Evidence from the frames of an outcome (and a curl command over HTTP). */
  evidence(frames: { from: number; to: number }, client?: McpClient): Evidence;
  readonly signal: AbortSignal;
  /** Every trace of the run so far (the shared connection's and each fresh one's). */
  traces(): Trace[];
  /** --spec-schema: an official schema file to validate every message against as well. */
  readonly specSchemaFile?: string;
  /** --token-*: the tokens the auth suite may use besides the target's own credential. */
  readonly tokens: AuthTokens;
  /** --canary: the values planted in the server's environment or the request headers (absent without it). */
  readonly canaries?: readonly PlantedCanary[];
}

export interface CheckDefinition {
  /** Stable dotted id, used in baselines and reports, e.g. 'tools.name-format'. */
  id: string;
  title: string;
  suite: Suite;
  /**
   * Ids in the requirements registry (src/check/requirements/<revision>.yaml) this check verifies.
   * The level follows from those of the run's revision; a check with none there does not apply.
   */
  requirements: string[];
  eras: Era[];
  transports: Transport[];
  /** Server capabilities the check needs; absent means not applicable (skip), never a failure. */
  requires?: string[];
  /** Where the rule is written, e.g. 'server/tools#tool-names'. */
  spec: string;
  /** Runs after every other check, e.g. to judge the whole trace of the run. */
  final?: boolean;
  /**
   * stdio: at most how many fresh connections to the run's own target the check opens. A hint for
   * the warm pool (it starts that many processes ahead); a wrong count costs time, not a verdict.
   */
  freshProcesses?: number;
  run(ctx: CheckContext): Promise<Finding | Finding[]>;
}

export interface CheckResult {
  id: string;
  title: string;
  /** A check's suite; another engine's group of rules (`lint`, a lint profile, `fuzz`, `contract`). */
  suite: Suite | (string & {});
  level: ResultLevel;
  /** The requirement ids of the run's revision the verdict is graded on. */
  requirements: string[];
  spec: string;
  /** The most severe of its findings' statuses. */
  status: Status;
  /** The code of the most severe finding (absent for a pass). */
  code?: string;
  message: string;
  /** Every finding, graded, most severe first (one for most checks). */
  findings: ResultFinding[];
  evidence: Evidence[];
  durationMs: number;
}

/**
 * The one result model every engine's run is rendered from (src/report/formats.ts lists the
 * formats): check builds it directly; lint, fuzz, diff and verify convert their own results into
 * it (their `to-run-report.ts`), so each format has one renderer. What the engine could not know
 * (the era of a saved tools list) is absent, never made up.
 */
export interface RunReport {
  tool: { name: 'mcpvet'; version: string };
  /** The command that made the run; absent: check. */
  command?: 'lint' | 'fuzz' | 'eval' | 'diff' | 'verify' | 'load';
  target: string;
  transport?: Transport;
  era?: Era;
  protocolVersion?: string;
  eraReason?: string;
  serverInfo?: { name?: string; version?: string };
  startedAt: string;
  durationMs: number;
  results: CheckResult[];
  summary: Record<Status, number>;
  /** Set with --shard i/n: this report holds that part of the checks (`mcpvet report merge` joins them). */
  shard?: Shard;
  /** Set when --expected-failures was given. */
  baseline?: { file: string; regressions: string[]; stale: string[] };
  /** What one engine knows that the shared fields cannot carry, typed. */
  extras?: RunExtras;
}

/** Fuzz's counterexamples and counts; eval's statistics per task and model; load's figures. */
export interface RunExtras {
  fuzz?: Pick<FuzzReport, 'seed' | 'runs' | 'calls' | 'callsPerSecond' | 'tools' | 'failures' | 'notes'>;
  eval?: Pick<EvalReport, 'models' | 'settings' | 'tasks' | 'overall' | 'findings'>;
  load?: Pick<
    LoadReport,
    'model' | 'replicas' | 'requests' | 'errors' | 'errorRate' | 'rps' | 'latencyMs' | 'histogram' | 'byRequest' | 'errorsByClass' | 'series'
  >;
}
