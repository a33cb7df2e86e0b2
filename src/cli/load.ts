/** `mcpvet load`: flags to a scenario and instances, the engine run, the report. Wiring only. */
import pkg from '../../package.json' with { type: 'json' };
import { connect, openChannel } from '../client/connect.js';
import type { McpClient } from '../client/types.js';
import { ALL_INPUT_CAPABILITIES, answerFor } from '../check/probes/mrtr/input-required.js';
import { runLoad, type LoadModel } from '../load/engine.js';
import type { Instance } from '../load/flow.js';
import { connectionPool, LeanHttpSender, type Requester } from '../load/http-sender.js';
import type { BaseClient } from '../client/base-client.js';
import { parseCount, parseDuration, parseRate, parseThreshold } from '../load/options.js';
import { SplitTally, summarizeRun, type LoadReport } from '../load/report.js';
import { keyOf, loadMix, stepPicker, type LoadStep, LOAD_METHODS } from '../load/scenario.js';
import { startSoak } from '../load/soak.js';
import { LoadStats } from '../load/stats.js';
import type { StdioChannel } from '../protocol/stdio-channel.js';
import { oneLine } from '../wire/control-chars.js';
import { isLoopbackHost } from '../wire/loopback.js';
import { describeTarget, type HttpTarget, type Target } from '../wire/target.js';
import { Trace } from '../wire/trace.js';
import { usageError } from './cli-error.js';
import { ExitCode } from './exit-codes.js';
import { formatsFlag } from './format-flag.js';
import { checkEmit, emitArtillery } from './load-emit.js';
import { writeLoadReports } from './load-output.js';
import { prepareDestination } from './report-destination.js';
import { replicaTarget, resolveTarget, type TargetFlags } from './target-options.js';
import { parseToolArgs } from './tool-args.js';
import type { CallFlags } from './call.js';

export interface LoadFlags extends TargetFlags, Pick<CallFlags, 'toolName' | 'toolArg' | 'toolArgsJson' | 'uri' | 'promptName' | 'promptArgs'> {
  method?: string;
  mix?: string;
  rate?: string;
  vus?: string;
  duration: string;
  ramp: string;
  connections: string;
  maxInFlight: string;
  threshold: string[];
  replica: string[];
  sampleInterval: string;
  allowRemote?: boolean;
  emit?: string;
  progress: boolean;
  format: string;
  output?: string;
}

/** Connections opened at once while setting up: a hundred users must not open a hundred at once. */
const CONNECT_CONCURRENCY = 8;

export async function runLoadCommand(positional: string[], flags: LoadFlags): Promise<number> {
  if (flags.emit !== undefined) checkEmit(flags.emit, flags);
  const formats = flags.emit === undefined ? formatsFlag('load', flags.format, { hasOutput: flags.output !== undefined, multiple: true }) : [];
  const destination = flags.output !== undefined && flags.emit === undefined ? prepareDestination(flags.output, formats) : undefined;
  const plan = planOf(flags);
  const target = await resolveTarget(flags, positional);
  if (flags.emit !== undefined && target.transport !== 'http')
    throw usageError("--emit artillery loads a server over HTTP (Artillery's HTTP engine): give its URL");
  const replicas = await Promise.all(flags.replica.map((value) => replicaTarget(value, target, flags)));
  for (const each of [target, ...replicas]) refuseRemote(each, flags.allowRemote === true);

  const clients: McpClient[] = [];
  let onClose: () => Promise<void> = async () => undefined;
  const host = { capabilities: ALL_INPUT_CAPABILITIES, answer: async (request: { method: string; params?: unknown }) => answerFor(request) };
  const open = async (each: Target, era: 'auto' | 'legacy' | 'modern', channel?: StdioChannel) => {
    const client = await connect(each, { era, timeoutMs: flags.timeout, host, trace: new Trace({ keep: false }), channel });
    clients.push(client);
    return client;
  };
  try {
    // The first connection probes the era; the others speak it without probing again.
    const mainChannel = target.transport === 'stdio' ? (openChannel(target, new Trace({ keep: false })) as StdioChannel) : undefined;
    const first = await open(target, flags.protocolEra, mainChannel);
    const era = first.era;
    const steps = plan.mix ? loadMix(plan.mix) : [await stepFromFlags(first, flags)];
    if (flags.emit !== undefined) return await emitArtillery(first, target as HttpTarget, steps, { ...plan, timeoutMs: flags.timeout }, flags.output);
    const pick = stepPicker(steps);

    // Stateless HTTP: lean senders on shared keep-alive sockets, the envelope from one client per
    // instance. A legacy session per user or slot, per instance. stdio: one process takes all.
    const replicaFirst = await Promise.all(replicas.map((each) => open(each, era)));
    const firsts = [first, ...replicaFirst];
    const labels = [target, ...replicas].map(describeTarget);
    const lean = target.transport === 'http' && era === 'modern' && replicas.every((each) => each.transport === 'http');
    const slots = target.transport === 'stdio' ? 1 : plan.model.kind === 'closed' ? plan.model.vus : plan.connections;
    const pools = lean ? [target, ...replicas].map((each) => connectionPool((each as HttpTarget).url, slots, flags.timeout)) : [];
    onClose = () => Promise.all(pools.map((pool) => pool.destroy())).then(() => undefined);
    const setFor = async (slot: number): Promise<Instance[]> => {
      const all = [target, ...replicas];
      const senders: Requester[] = lean
        ? firsts.map((client, index) => new LeanHttpSender(client as BaseClient, all[index] as HttpTarget, pools[index]!))
        : await Promise.all(all.map((each, index) => (slot === 0 || each.transport === 'stdio' ? firsts[index]! : open(each, era))));
      const set = senders.map((client, index) => ({ client, label: labels[index]! }));
      // Each user starts on another instance, so the first requests spread too.
      return set.slice(slot % set.length).concat(set.slice(0, slot % set.length));
    };
    const instanceSets: Instance[][] = [];
    for (let slot = 0; slot < slots; slot += CONNECT_CONCURRENCY) {
      const batch = Array.from({ length: Math.min(CONNECT_CONCURRENCY, slots - slot) }, (_, index) => setFor(slot + index));
      instanceSets.push(...(await Promise.all(batch)));
    }

    const stats = new LoadStats(performance.now());
    const split = replicas.length > 0 ? new SplitTally() : undefined;
    const soak = mainChannel?.pid !== undefined ? startSoak(mainChannel.pid, plan.sampleIntervalMs) : undefined;
    // Ctrl-C ends the process (main.ts) and its exit hook reaps the servers; nothing to undo here.
    const progress = flags.progress ? startProgress(stats) : undefined;
    const started = performance.now();
    const startedAt = new Date().toISOString();
    try {
      await runLoad({
        model: plan.model,
        durationMs: plan.durationMs,
        rampMs: plan.rampMs,
        slots: instanceSets.length,
        instancesFor: (slot) => instanceSets[slot % instanceSets.length]!,
        pick,
        sink: {
          record: (key, dueAt, errorClass) => stats.record(key, (performance.now() - dueAt) * 1000, errorClass),
          split: (kind, finding) => split?.add(kind, finding),
        },
        maxInFlight: plan.maxInFlight,
      });
    } finally {
      progress?.stop();
    }
    const report: LoadReport = {
      command: 'load',
      mcpvetVersion: pkg.version,
      target: describeTarget(target),
      replicas: replicas.map(describeTarget),
      transport: target.transport,
      era,
      protocolVersion: first.protocolVersion,
      model: { ...plan.model, durationMs: plan.durationMs, rampMs: plan.rampMs },
      startedAt,
      elapsedMs: Math.round(performance.now() - started),
      ...summarizeRun({ stats, elapsedMs: performance.now() - started, thresholds: plan.thresholds, split, soak: soak?.stop() }),
    };
    await writeLoadReports(report, formats, destination);
    return report.passed ? ExitCode.Ok : ExitCode.Failed;
  } finally {
    await onClose();
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  }
}

interface Plan {
  model: LoadModel;
  durationMs: number;
  rampMs: number;
  connections: number;
  maxInFlight: number;
  sampleIntervalMs: number;
  thresholds: ReturnType<typeof parseThreshold>[];
  mix?: string;
}

/** Every flag checked before anything is started: bad input costs no server process. */
function planOf(flags: LoadFlags): Plan {
  if (flags.mix !== undefined && flags.method !== undefined) throw usageError('give --method or --mix, not both');
  if (flags.mix === undefined && flags.method === undefined) throw usageError(`--method or --mix is required (methods: ${LOAD_METHODS.join(', ')})`);
  if (flags.method !== undefined && !LOAD_METHODS.includes(flags.method)) {
    throw usageError(`--method ${oneLine(flags.method)} cannot be sent under load (methods: ${LOAD_METHODS.join(', ')})`);
  }
  if (flags.rate !== undefined && flags.vus !== undefined) throw usageError('give --rate (open model) or --vus (closed model), not both');
  const need = (value: string | undefined, flag: string) => {
    if (value === undefined || value === '') throw usageError(`--method ${flags.method} needs ${flag}`);
  };
  if (flags.method === 'tools/call') need(flags.toolName, '--tool-name');
  if (flags.method === 'resources/read') need(flags.uri, '--uri');
  if (flags.method === 'prompts/get') need(flags.promptName, '--prompt-name');
  if (flags.method === 'completion/complete') throw usageError('completion/complete under load needs its params: give it in a --mix file');
  return {
    model:
      flags.rate !== undefined
        ? { kind: 'open', rate: parseRate(flags.rate) }
        : { kind: 'closed', vus: flags.vus === undefined ? 10 : parseCount('--vus', flags.vus, 10_000) },
    durationMs: parseDuration('--duration', flags.duration),
    rampMs: parseDuration('--ramp', flags.ramp, { allowZero: true }),
    connections: parseCount('--connections', flags.connections, 1000),
    maxInFlight: parseCount('--max-in-flight', flags.maxInFlight, 1_000_000),
    sampleIntervalMs: parseDuration('--sample-interval', flags.sampleInterval),
    thresholds: flags.threshold.map(parseThreshold),
    mix: flags.mix,
  };
}

async function stepFromFlags(client: McpClient, flags: LoadFlags): Promise<LoadStep> {
  const method = flags.method as string;
  let params: Record<string, unknown> = {};
  if (method === 'tools/call') {
    // The listing gives the schema that converts --tool-arg values, as `call` does.
    const tools = flags.toolArg.length > 0 ? await client.listAll('tools/list').catch(() => undefined) : undefined;
    const tool = tools?.find((candidate) => candidate.name === flags.toolName);
    params = { name: flags.toolName, arguments: parseToolArgs(flags.toolArg, flags.toolArgsJson, tool?.inputSchema) };
  } else if (method === 'resources/read') params = { uri: flags.uri };
  else if (method === 'prompts/get') params = { name: flags.promptName, arguments: keyValues(flags.promptArgs) };
  return { key: keyOf(method, params), weight: 1, method, params };
}

function keyValues(pairs: string[]): Record<string, string> {
  const entries = pairs.map((pair) => {
    const equals = pair.indexOf('=');
    if (equals <= 0) throw usageError(`--prompt-args takes key=value, not "${oneLine(pair)}"`);
    return [pair.slice(0, equals), pair.slice(equals + 1)];
  });
  return Object.fromEntries(entries);
}

/** Load goes only where it is pointed, and only to this machine unless --allow-remote says otherwise. */
function refuseRemote(target: Target, allowRemote: boolean): void {
  if (target.transport !== 'http' || allowRemote) return;
  if (!isLoopbackHost(new URL(target.url).hostname))
    throw usageError(`${describeTarget(target)} is not on this machine: loading a remote server needs --allow-remote`);
}

/** A line on stderr: rewritten in place on a terminal, every 5 s in a log. */
function startProgress(stats: LoadStats): { stop(): void } {
  const tty = process.stderr.isTTY === true;
  const started = performance.now();
  let last = 0;
  const show = () => {
    const elapsed = (performance.now() - started) / 1000;
    const rate = ((stats.requests - last) / (tty ? 1 : 5)).toFixed(0);
    last = stats.requests;
    const line = `load ${elapsed.toFixed(0)}s · ${rate}/s · ${stats.requests} requests · p99 ${stats.p99Ms().toFixed(1)} ms · ${stats.errors} errors`;
    process.stderr.write(tty ? `\r\x1b[2K${line}` : `${line}\n`);
  };
  const timer = setInterval(show, tty ? 1000 : 5000);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      if (tty) process.stderr.write('\r\x1b[2K');
    },
  };
}
