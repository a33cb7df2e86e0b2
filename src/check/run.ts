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
import { startWhenIdle } from './early-pool.js';
import { ALL_CHECKS } from './registry.js';
import { DEFAULT_CONCURRENCY, freshDemand, SLOW_START_CONCURRENCY, runChecks, selectChecks, summarize, type RunOptions, type Selection } from './runner.js';
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

export async function runCheckRun(given: Target, options: CheckRunOptions = {}): Promise<RunReport> {
  // Every connection of the run, fresh ones included, carries the canaries: they are in the target.
  const planted = options.canary ? plantCanaries(given) : undefined;
  const target = planted?.target ?? given;
  const startedAt = new Date();
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? 10_000;
  const checks = selectChecks(options.checks ?? ALL_CHECKS, options);
  let concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const warmProcesses = () => options.warmProcesses ?? WARM_PROCESSES_PER_CHECK * concurrency;
  const wantsPool = target.transport === 'stdio' && warmProcesses() > 0 && freshDemand(checks) > 0;
  let warm: WarmPool | undefined;
  // stdio: the first connection's process is opened here, so the pool can watch it start.
  const first = wantsPool ? new StdioChannel(target as StdioTarget, new Trace()) : undefined;
  const connecting = connect(target, { era: options.era ?? 'auto', timeoutMs, host: options.host, channel: first, stopAtFlood: true });
  const idleStart = () => {
    concurrency = options.concurrency ?? SLOW_START_CONCURRENCY;
    warm = new WarmPool(target as StdioTarget, warmProcesses(), freshDemand(checks));
  };
  if (first?.pid !== undefined) startWhenIdle(first.pid, connecting, idleStart, timeoutMs);
  let client: McpClient;
  try {
    client = await connecting;
  } catch (error) {
    await (warm as WarmPool | undefined)?.close();
    throw error;
  }
  if (wantsPool) warm ??= new WarmPool(target as StdioTarget, warmProcesses(), freshDemand(checks, client));
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
      { ...options, concurrency },
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
