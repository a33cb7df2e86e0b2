/** The result of a fuzz run, which every fuzz renderer (console, JSON, SARIF, JUnit) takes. */
import type { JsonObject } from '../protocol/jsonrpc.js';
import type { EnvelopeCase } from './envelope-cases.js';
import type { PropertyId, Severity } from './properties.js';
import type { Shard } from '../wire/shard.js';

export interface FuzzFailure {
  property: PropertyId;
  severity: Severity;
  /** The tool called; absent for a malformed message. */
  tool?: string;
  /** JSON pointer of the argument at fault, when one is. */
  pointer?: string;
  message: string;
  /** The minimal arguments (tool failures). */
  args?: JsonObject;
  /** The minimal malformed message (envelope failures). */
  envelope?: EnvelopeCase;
  /** What made the arguments invalid, when they were made so on purpose. */
  mutation?: string;
  /** A POSIX shell command that sends the same thing again. */
  reproduce: string;
  shrinks: number;
  /** Failed again alone, on a fresh connection. */
  reproduced: boolean;
  /** Found by replaying the regression file, not by this run's search. */
  fromRegressionFile: boolean;
}

export interface ToolSummary {
  name: string;
  calls: number;
  valid: number;
  invalid: number;
  /** Calls whose arguments the schema could not classify (it does not compile, or a pattern is not enforced). */
  unknown: number;
  failures: number;
  inputsDigest: string;
  interrupted: boolean;
}

export interface FuzzReport {
  tool: { name: 'mcpvet'; version: string };
  target: string;
  transport: string;
  era: string;
  protocolVersion: string;
  seed: number;
  runs: number;
  startedAt: string;
  durationMs: number;
  /** Every request sent: tool calls, malformed messages and the requests after them. */
  calls: number;
  callsPerSecond: number;
  tools: ToolSummary[];
  envelope?: { messages: number; interrupted: boolean };
  failures: FuzzFailure[];
  regressions: { file: string; tried: number; stillFailing: number; nowPassing: number; saved: number };
  /** Tools not fuzzed and why, servers restarted, budget notes. */
  notes: string[];
  /** Set with --shard i/n: the part of the tools this report covers. */
  shard?: Shard;
  /** Set with --expected-failures: properties (or `<property>/<tool>`) failing unlisted, and listed ones that pass now. */
  baseline?: { file: string; regressions: string[]; stale: string[] };
}
