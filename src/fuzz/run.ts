/**
 * A fuzz run: connect, pick the tools that may be called (the call policy `check` uses), replay
 * the regression file, fuzz each tool, optionally fuzz the envelope, save new failures, and
 * return the report. For a stdio server a canary value is planted in its environment: any answer
 * that carries it leaked the server's environment.
 */
import { randomBytes } from 'node:crypto';
import pkg from '../../package.json' with { type: 'json' };
import type { EraPreference } from '../protocol/versions.js';
import { SECRET_HEADERS, SECRET_KEY_WORDS } from '../wire/secret-shapes.js';
import { rememberSecrets, secretValuesOf } from '../wire/secret-values.js';
import { describeTarget, type Target } from '../wire/target.js';
import { EnvelopeSender, fuzzEnvelope } from './envelope-fuzzer.js';
import { envelopeFailure, toolFailure, type RecordContext } from './failure-records.js';
import type { FuzzFailure, FuzzReport, ToolSummary } from './report.js';
import { loadRegressions, RegressionFileError, saveRegressions, keyOf, type RegressionCase } from './regressions.js';
import { replayRegressions, type ReplayVerdict } from './replay-regressions.js';
import type { Violation } from './judge.js';
import { FuzzUsageError, selectTools } from './select-tools.js';
import { inShard, type Shard } from '../wire/shard.js';
import { FuzzSession } from './session.js';
import { fuzzTool, ToolCaller } from './tool-fuzzer.js';

/** The env variable a stdio server gets the canary in. */
export const CANARY_ENV = 'MCPVET_FUZZ_CANARY';

export interface FuzzRunOptions {
  target: Target;
  era: EraPreference;
  timeoutMs: number;
  /** Tools to fuzz; empty: every tool that may be called. */
  tools: string[];
  allowCall: string[];
  calls: Record<string, Record<string, unknown>>;
  seed: number;
  runs: number;
  timeBudgetMs?: number;
  envelope: boolean;
  regressionsFile: string;
  onProgress?: (progress: { phase: string; requests: number }) => void;
  /** --shard i/n: this job fuzzes its part of the tools (by name); the envelope is fuzzed in shard 1. */
  shard?: Shard;
}

export async function runFuzz(options: FuzzRunOptions): Promise<FuzzReport> {
  const startedAt = new Date();
  const canary = `mcpvet-canary-${randomBytes(16).toString('hex')}`;
  const planted: Target = options.target.transport === 'stdio' ? { ...options.target, env: { ...options.target.env, [CANARY_ENV]: canary } } : options.target;
  rememberSecrets([{ kind: 'env', name: CANARY_ENV, value: canary }]);
  const canaries = [canary, ...credentialsOf(options.target)];
  const previous = loadOrUsage(options.regressionsFile);

  const session = new FuzzSession(planted, { era: options.era, timeoutMs: options.timeoutMs });
  let phase = 'connecting';
  session.onRequest = () => options.onProgress?.({ phase, requests: session.requests });
  try {
    const client = await session.open();
    const listed = await client.listAll('tools/list');
    const selection = selectTools(listed, options);
    const notes = selection.notes;
    const selected = inShard(selection.selected, (tool) => String(tool.name), options.shard);
    const envelopeHere = options.envelope && (options.shard?.index ?? 1) === 1;
    // The budget is for fuzzing: it starts once the server is up, and is shared fairly by the tools (and the envelope) left.
    const deadline = options.timeBudgetMs !== undefined ? Date.now() + options.timeBudgetMs : Number.POSITIVE_INFINITY;
    let shares = selected.length + (envelopeHere ? 1 : 0);
    const nextDeadline = () => Date.now() + (deadline - Date.now()) / Math.max(1, shares--);
    const records: RecordContext = { target: options.target, planted, plantedNames: [CANARY_ENV], era: options.era, timeoutMs: options.timeoutMs };
    const envelopeSender = new EnvelopeSender({ session, timeoutMs: options.timeoutMs });
    const envelopeParams = () => envelopeSender.params().catch(() => ({}));
    const failures: FuzzFailure[] = [];

    // The regression file first: the cases of the tools (and envelope) this run covers are replayed.
    phase = 'regressions';
    // A case the server could not be reached for is not judged (and stays in the file).
    const judged = async (judge: () => Promise<Violation | undefined>): Promise<ReplayVerdict> => {
      const before = session.unreachable;
      const violation = await judge();
      return session.unreachable > before ? 'unjudged' : violation;
    };
    const replayed = await replayRegressions(previous, selected, envelopeHere, {
      tool: (tool, args) => judged(() => new ToolCaller({ session, tool, timeoutMs: options.timeoutMs, canaries }).judge(args)),
      envelope: (envelope) => judged(() => envelopeSender.judge(envelope)),
    });
    const keep = replayed.keep;
    for (const { entry, violation } of replayed.failing) {
      const found = { violation, shrinks: 0, reproduced: true, fromRegressionFile: true };
      failures.push(
        entry.tool !== undefined
          ? toolFailure(records, entry.tool, entry.args, found)
          : envelopeFailure(records, entry.envelope, await envelopeParams(), found),
      );
    }

    const tools: ToolSummary[] = [];
    for (const tool of selected) {
      phase = `tool ${String(tool.name)}`;
      const name = String(tool.name);
      const known = replayed.failing.filter(({ entry }) => entry.tool === name).map(({ violation }) => violation.property);
      const outcome = await fuzzTool({
        session,
        tool,
        seed: options.seed,
        runs: options.runs,
        deadline: nextDeadline(),
        timeoutMs: options.timeoutMs,
        canaries,
        known,
      });
      tools.push({
        name,
        calls: outcome.calls,
        valid: outcome.valid,
        invalid: outcome.invalid,
        unknown: outcome.unknown,
        failures: outcome.failures.length,
        inputsDigest: outcome.inputsDigest,
        interrupted: outcome.interrupted,
      });
      for (const found of outcome.failures) {
        failures.push(toolFailure(records, name, found.args, { ...found, fromRegressionFile: false }));
        if (found.reproduced) keep.push({ tool: name, args: found.args, property: found.violation.property, foundAt: startedAt.toISOString() });
      }
      if (outcome.interrupted) notes.push(`the time budget ran out while fuzzing "${name}"`);
    }

    let envelope: FuzzReport['envelope'];
    if (envelopeHere) {
      phase = 'envelope';
      const known = replayed.failing.filter(({ entry }) => entry.envelope !== undefined).map(({ violation }) => violation.property);
      const outcome = await fuzzEnvelope({ session, timeoutMs: options.timeoutMs, seed: options.seed, runs: options.runs, deadline: nextDeadline(), known });
      envelope = { messages: outcome.messages, interrupted: outcome.interrupted };
      const params = await envelopeParams();
      for (const found of outcome.failures) {
        failures.push(envelopeFailure(records, found.envelope, params, { ...found, fromRegressionFile: false }));
        if (found.reproduced) keep.push({ envelope: found.envelope, property: found.violation.property, foundAt: startedAt.toISOString() });
      }
      if (outcome.interrupted) notes.push('the time budget ran out while fuzzing the envelope');
    }

    const changed = replayed.nowPassing > 0 || keep.length !== previous.length || keep.some((entry) => !previous.some((old) => keyOf(old) === keyOf(entry)));
    if (changed) saveRegressions(options.regressionsFile, keep);
    if (session.unreachable > 0)
      notes.push(`${session.unreachable} request(s) were not sent: the server could not be started (or reached) again; they were not judged`);
    if (session.reconnects > 0)
      notes.push(
        `the server was started (or connected to) ${session.reconnects} more time(s): after a call broke the connection, or to replay a failure alone`,
      );
    const durationMs = Date.now() - startedAt.getTime();
    return {
      tool: { name: 'mcpvet', version: pkg.version },
      target: describeTarget(options.target),
      transport: options.target.transport,
      era: client.era,
      protocolVersion: client.protocolVersion,
      seed: options.seed,
      runs: options.runs,
      startedAt: startedAt.toISOString(),
      durationMs,
      calls: session.requests,
      callsPerSecond: durationMs > 0 ? Math.round((session.requests / durationMs) * 10_000) / 10 : 0,
      tools,
      envelope,
      failures,
      regressions: {
        file: options.regressionsFile,
        tried: replayed.failing.length + replayed.nowPassing,
        stillFailing: replayed.failing.length,
        nowPassing: replayed.nowPassing,
        saved: changed ? new Set(keep.map(keyOf)).size : previous.length,
      },
      notes,
      ...(options.shard && { shard: options.shard }),
    };
  } finally {
    await session.drop();
  }
}

/** A credential-named header or env value given to the run counts as a canary too (`-e NODE_ENV=production` does not). */
const CREDENTIAL_NAME = new RegExp(`(?:${SECRET_KEY_WORDS}|authorization|cookie|credential)`, 'i');
const MIN_CREDENTIAL_LENGTH = 8;

function credentialsOf(target: Target): string[] {
  return secretValuesOf(target)
    .filter((secret) => (SECRET_HEADERS.has(secret.name) || CREDENTIAL_NAME.test(secret.name)) && secret.value.length >= MIN_CREDENTIAL_LENGTH)
    .map((secret) => secret.value);
}

function loadOrUsage(file: string): RegressionCase[] {
  try {
    return loadRegressions(file);
  } catch (error) {
    if (error instanceof RegressionFileError) throw new FuzzUsageError(error.message);
    throw error;
  }
}
