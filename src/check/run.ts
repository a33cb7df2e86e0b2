/** One whole check run against a target: connect, select, run, and build the RunReport. */
import { connect } from '../client/connect.js';
import type { InputHost, McpClient } from '../client/types.js';
import { StdioChannel } from '../protocol/stdio-channel.js';
import type { EraPreference } from '../protocol/versions.js';
import { Trace } from '../wire/trace.js';
import { describeTarget, type StdioTarget, type Target } from '../wire/target.js';
import pkg from '../../package.json' with { type: 'json' };
import { makeCallPolicy } from '../protocol/call-policy.js';
import { plantCanaries } from './probes/security/canaries.js';
import { firstAnswer, startWhenIdle } from './early-pool.js';
import { ALL_CHECKS } from './registry.js';
import { DEFAULT_CONCURRENCY, freshDemand, runChecks, selectChecks, summarize, type RunOptions, type Selection } from './runner.js';
import type { AuthTokens, CheckDefinition, RunReport } from './types.js';
import { WARM_PROCESSES_PER_CHECK, WarmPool } from './warm-pool.js';

export interface CheckRunOptions extends Selection, RunOptions {
  era?: EraPreference;
  timeoutMs?: number;
  allowCall?: string[];
  calls?: Record<string, Record<string, unknown>>;
  replica?: Target;
  host?: InputHost;
  specSchemaFile?: string;
  /** --token-*: extra bearer tokens for the auth suite. */
  tokens?: AuthTokens;
  /** The checks to choose from (default: all of mcpvet's). */
  checks?: CheckDefinition[];
  /** stdio: server processes kept starting for fresh connections (at most, sized to demand; default 2 per check run at once; 0 starts each on demand). */
  warmProcesses?: number;
  /** --canary: plant secret canaries in the server's environment (stdio) or request headers (HTTP). */
  canary?: boolean;
}

/**
 * Checks run at once by default over stdio when the server sat idle for its first answer (it
 * sleeps or waits on the network while it starts): its checks then spend most of their time waiting
 * for fresh processes to start, so more of them in flight overlap those waits, and the warm pool
 * (two per check) keeps more processes starting, which costs such a server no CPU.
 */
export const SLOW_START_CONCURRENCY = 8;

/**
 * The lane of checks that may take fresh processes, against the other checks' concurrency. They
 * spend most of their time waiting for a process to start, using neither the shared connection
 * nor the CPU: in a lane of their own they stop holding back the checks on the shared connection,
 * and more of them take pooled processes early, so the pool starts the next ones sooner. Measured
 * on the slow-start bench: as wide as the other lane gained nothing, half as wide again cut the
 * wall by 0.4 s, twice as wide gained no more and kept more processes alive. Only for a server idle
 * while it starts: on a quick one the lane gained nothing, and against a 10,000-tool server the
 * extra checks in flight, each listing on its own process, raised the peak memory by 2.5-10 MB.
 */
const FRESH_LANE_FACTOR = 1.5;

export async function runCheckRun(given: Target, options: CheckRunOptions = {}): Promise<RunReport> {
  // Every connection of the run, fresh ones included, carries the canaries: they are in the target.
  const planted = options.canary ? plantCanaries(given) : undefined;
  const target = planted?.target ?? given;
  const startedAt = new Date();
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? 10_000;
  const checks = selectChecks(options.checks ?? ALL_CHECKS, options);
  const warmFor = (concurrency: number) => options.warmProcesses ?? WARM_PROCESSES_PER_CHECK * concurrency;
  const wantsPool = target.transport === 'stdio' && warmFor(options.concurrency ?? DEFAULT_CONCURRENCY) > 0 && freshDemand(checks) > 0;
  let warm: WarmPool | undefined;
  // stdio: the first connection's process is opened here, so the pool can watch it start.
  const first = wantsPool ? new StdioChannel(target as StdioTarget, new Trace()) : undefined;
  const connecting = connect(target, { era: options.era ?? 'auto', timeoutMs, host: options.host, channel: first, stopAtFlood: true });
  // The pool starts beside a server idle while it starts, before its first answer (startWhenIdle).
  const idleStart = () => {
    warm = new WarmPool(target as StdioTarget, warmFor(options.concurrency ?? SLOW_START_CONCURRENCY), freshDemand(checks));
  };
  if (first?.pid !== undefined) startWhenIdle(first.pid, firstAnswer(first.trace, connecting), idleStart, timeoutMs);
  let client: McpClient;
  try {
    client = await connecting;
  } catch (error) {
    await (warm as WarmPool | undefined)?.close();
    throw error;
  }
  // A pool started before the first answer means an idle starter: more checks in flight then.
  const idleStarter = warm !== undefined;
  const concurrency = options.concurrency ?? (idleStarter ? SLOW_START_CONCURRENCY : DEFAULT_CONCURRENCY);
  if (wantsPool) warm ??= new WarmPool(target as StdioTarget, warmFor(concurrency), freshDemand(checks, client));
  try {
    const results = await runChecks(
      checks,
      {
        client,
        target,
        timeoutMs,
        replica: options.replica,
        host: options.host,
        callPolicy: makeCallPolicy(options.allowCall ?? [], options.calls ?? {}),
        traces: [client.trace],
        specSchemaFile: options.specSchemaFile,
        tokens: options.tokens,
        warm,
        canaries: planted?.canaries,
      },
      // An explicit --concurrency bounds every check: one lane.
      { ...options, concurrency, freshConcurrency: options.concurrency === undefined && idleStarter ? Math.ceil(concurrency * FRESH_LANE_FACTOR) : undefined },
    );
    const info = client.serverInfo;
    return {
      tool: { name: 'mcpvet', version: pkg.version },
      target: describeTarget(given),
      transport: target.transport,
      era: client.era,
      protocolVersion: client.protocolVersion,
      eraReason: client.eraReason,
      serverInfo: info ? { name: info.name, version: info.version } : undefined,
      startedAt: startedAt.toISOString(),
      durationMs: Math.round(performance.now() - started),
      results,
      summary: summarize(results),
      ...(options.shard && { shard: options.shard }),
    };
  } finally {
    await Promise.all([warm?.close(), client.close()]);
  }
}
