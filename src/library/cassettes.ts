/**
 * Cassettes from a test suite: record a server, serve a cassette in its place (with faults).
 *
 *   const replay = await serveCassette('test/cassettes/notes.ndjson', { faults: ['timeout@tools/call#2'] });
 *   const client = await connect(replay.target, { timeoutMs: 500 });
 *
 * HTTP is served in-process on 127.0.0.1; stdio targets run the mcpvet CLI, because a stdio
 * client must start a process. This module sits above the engines (like src/cli/): it is where
 * a cassette and faults meet, so neither engine imports the other.
 */
import { secretValuesOf } from '../wire/secret-values.js';
import { RecordingHttp } from '../cassette/recorders.js';
import { Redactor } from '../cassette/redact.js';
import { recordedPath, ReplayEngine, ReplayHttp } from '../cassette/replay.js';
import type { MatchMode } from '../cassette/match.js';
import { CassetteWriter } from '../cassette/writer.js';
import { FaultyHttp } from '../fault/http.js';
import { FaultPlan, randomSeed } from '../fault/plan.js';
import { checkRulesForTransport, parseFaultRule, type FaultRule } from '../fault/rules.js';
import { readCassette, type Cassette } from '../relay/cassette-format.js';
import { mcpvetCliPath } from '../relay/cli-path.js';
import { ForwardingUpstream } from '../relay/forwarding-upstream.js';
import { serveHttpFront } from '../relay/http-front.js';
import type { HttpUpstream } from '../relay/http-upstream.js';
import type { HttpTarget, StdioTarget, Target } from '../wire/target.js';

export interface ListenerOptions {
  /**
   * The token the listener requires in its URL (`?mcpvet_token=`, already in `target.url`): a fresh
   * random one by default, a fixed string, or false for none.
   */
  token?: string | false;
}

export interface ReplayOptions extends ListenerOptions {
  match?: MatchMode;
  faults?: readonly (string | FaultRule)[];
  seed?: number;
  /** HTTP port (default: any free port). */
  port?: number;
}

export interface RunningProxy {
  target: Target;
  close(): Promise<void>;
}

/** Serves a cassette over HTTP on 127.0.0.1, in this process. */
export async function serveCassette(cassette: string | Cassette, options: ReplayOptions = {}): Promise<RunningProxy & { target: HttpTarget }> {
  const loaded = typeof cassette === 'string' ? await readCassette(cassette) : cassette;
  let upstream: HttpUpstream = new ReplayHttp(new ReplayEngine(loaded, { match: options.match, source: typeof cassette === 'string' ? cassette : undefined }));
  const rules = (options.faults ?? []).map((rule) => (typeof rule === 'string' ? parseFaultRule(rule) : rule));
  if (rules.length > 0) {
    checkRulesForTransport(rules, 'http');
    upstream = new FaultyHttp(upstream, new FaultPlan(rules, options.seed ?? randomSeed()));
  }
  const front = await serveHttpFront(upstream, { port: options.port, token: options.token });
  return { target: { transport: 'http', url: front.urlFor(recordedPath(loaded)) }, close: () => front.close() };
}

/** A stdio Target that replays the cassette (runs `mcpvet replay FILE`). */
export function replayTarget(file: string, options: Omit<ReplayOptions, 'port' | 'token'> = {}): StdioTarget {
  const faults = (options.faults ?? []).map((rule) => (typeof rule === 'string' ? rule : rule.text));
  const args = [mcpvetCliPath(), 'replay', file, '--match', options.match ?? 'params', ...faults.flatMap((rule) => ['--fault', rule])];
  if (options.seed !== undefined) args.push('--seed', String(options.seed));
  return { transport: 'stdio', command: process.execPath, args };
}

export interface RecordOptions extends ListenerOptions {
  /** The cassette file to write. */
  output: string;
  /** Extra patterns to redact. */
  redact?: RegExp[];
}

/**
 * Records what a client does with the server. HTTP: an in-process proxy; the cassette is complete
 * after close(). stdio: runs `mcpvet record`; the cassette is complete when the client disconnects.
 */
export async function withRecording(target: Target, options: RecordOptions): Promise<RunningProxy> {
  if (target.transport === 'stdio') {
    const env = Object.entries(target.env ?? {}).flatMap(([name, value]) => ['-e', `${name}=${value}`]);
    const redact = (options.redact ?? []).flatMap((pattern) => ['--redact', pattern.source]);
    const args = [
      mcpvetCliPath(),
      'record',
      '-o',
      options.output,
      ...redact,
      ...env,
      ...(target.cwd ? ['--cwd', target.cwd] : []),
      '--',
      target.command,
      ...target.args,
    ];
    return { target: { transport: 'stdio', command: process.execPath, args }, close: async () => {} };
  }
  const writer = new CassetteWriter({ path: options.output, target, redactor: new Redactor({ secrets: secretValuesOf(target), patterns: options.redact }) });
  const upstream = new ForwardingUpstream(target.url, target.headers);
  const front = await serveHttpFront(new RecordingHttp(upstream, writer), { token: options.token });
  return {
    // The target's query string is added by the forwarder, so it is neither printed nor recorded here.
    target: { transport: 'http', url: front.urlFor(new URL(target.url).pathname) },
    close: async () => {
      await front.close();
      await upstream.close();
      writer.close();
    },
  };
}
