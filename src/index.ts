/** The mcpvet library API, for use inside test suites (vitest, node:test, …). */
export { connect, type ConnectOptions } from './client/connect.js';
export { scriptedHost, loadHostScript, NO_INPUT_HOST, type HostScript } from './client/host.js';
export type { McpClient, RpcOutcome, InputHost, JsonObject } from './client/types.js';
export { TransportError } from './protocol/transport-error.js';
export { ErrorCode, errorCodeName } from './protocol/errors.js';
export { validateMessage, validateResult, type ValidationIssue } from './protocol/validate.js';
export { Trace, type Frame } from './wire/trace.js';
export type { Target, StdioTarget, HttpTarget } from './wire/target.js';

export { runCheckRun, type CheckRunOptions } from './check/run.js';
export { defineCheck } from './check/define.js';
export { ALL_CHECKS } from './check/registry.js';
export type { CheckDefinition, CheckContext, CheckResult, RunReport, RunExtras, Finding, FindingLocation, ResultFinding, Status } from './check/types.js';
// The one result model: every engine's run as a RunReport, for the shared renderers and baselines.
export { lintRunReport } from './lint/to-run-report.js';
export { fuzzRunReport } from './fuzz/to-run-report.js';
export { evalRunReport } from './eval/to-run-report.js';
export { diffRunReport, verifyRunReport } from './contract/to-run-report.js';
export { loadRunReport } from './load/to-run-report.js';
export type { LoadReport } from './load/report.js';
export { getReporter, REPORTER_NAMES, type Reporter, type RenderOptions } from './report/types.js';
export { applyBaseline, exitCodeFor, parseExpectedFailures } from './report/baseline.js';
export { COMMAND_FORMATS, FORMATS } from './report/formats.js';

export { lintTools, lintToolsListResult, RULES as LINT_RULES, PROFILES as LINT_PROFILES, type LintFinding, type LintOptions } from './lint/index.js';

export { takeSnapshot } from './contract/snapshot.js';
export { diffContracts, suggestBump } from './contract/diff.js';
export type { ContractSnapshot } from './contract/snapshot-types.js';
export type { ContractChange } from './contract/change.js';
export { assertConformance, assertToolsLintClean, ConformanceError } from './assert.js';

export {
  withFaults,
  parseFaultRule,
  parseFaultRules,
  FaultRuleError,
  FaultPlan,
  type FaultRule,
  type FaultyServer,
  type WithFaultsOptions,
} from './fault/index.js';
export {
  readCassette,
  parseCassette,
  CassetteFormatError,
  Redactor,
  type Cassette,
  type CassetteHeader,
  type CassetteFrame,
  type MatchMode,
} from './cassette/index.js';
export {
  serveCassette,
  replayTarget,
  withRecording,
  type ReplayOptions,
  type RecordOptions,
  type ListenerOptions,
  type RunningProxy,
} from './library/cassettes.js';
export * from './eval/scripted/index.js';
export { runEval, EvalSetupError, type EvalRunOptions, type EvalRunResult } from './eval/run.js';
export { loadTasksFile, parseTasksFile, TasksFileError } from './eval/tasks-file.js';
export { loadVariantsFile, parseVariantsFile, VariantsFileError } from './eval/variants.js';
export { loadEvalCassette, type EvalCassette } from './eval/eval-cassette.js';
export { compareReports } from './eval/compare.js';
export type * from './eval/types.js';
