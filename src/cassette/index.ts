/**
 * Cassettes from a test suite: record a server, serve a cassette in its place (with faults).
 *
 *   const replay = await serveCassette('test/cassettes/notes.ndjson', { faults: ['timeout@tools/call#2'] });
 *   const client = await connect(replay.target, { timeoutMs: 500 });
 *
 * HTTP is served in-process on 127.0.0.1; stdio targets run the mcpvet CLI, because a stdio
 * client must start a process.
 */
import { FaultyHttp } from '../fault/http.js';
import { FaultPlan, randomSeed } from '../fault/plan.js';
import { checkRulesForTransport, parseFaultRule, type FaultRule } from '../fault/rules.js';
import { secretValuesOf } from '../wire/secret-values.js';
import type { HttpTarget, StdioTarget, Target } from '../wire/target.js';
import { mcpvetCliPath } from './cli-path.js';
import { readCassette, type Cassette } from './format.js';
import type { MatchMode } from './match.js';
import { RecordingHttp } from './recorders.js';
import { Redactor } from './redact.js';
import { ForwardingUpstream, type HttpUpstream } from './relay/http.js';
import { serveHttpFront } from './relay/http-front.js';
import { ReplayEngine, ReplayHttp } from './replay.js';
import { CassetteWriter } from './writer.js';

export { parseCassette, readCassette, CassetteFormatError, CASSETTE_FORMAT, CASSETTE_VERSION } from './format.js';
export type { Cassette, CassetteHeader, CassetteFrame, Redaction } from './format.js';
export { Redactor, type RedactorOptions } from './redact.js';
export { MATCH_MODES, type MatchMode } from './match.js';
export { NOT_RECORDED_CODE } from './replay.js';
export { parseScript, type ScriptStep } from './script.js';

export interface ReplayOptions {
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
  const front = await serveHttpFront(upstream, { port: options.port });
  const path = loaded.frames.find((frame) => frame.http)?.http?.path.split('?')[0] ?? '/mcp';
  return { target: { transport: 'http', url: `${front.origin}${path}` }, close: () => front.close() };
}

/** A stdio Target that replays the cassette (runs `mcpvet replay FILE`). */
export function replayTarget(file: string, options: Omit<ReplayOptions, 'port'> = {}): StdioTarget {
  const faults = (options.faults ?? []).map((rule) => (typeof rule === 'string' ? rule : rule.text));
  const args = [mcpvetCliPath(), 'replay', file, '--match', options.match ?? 'params', ...faults.flatMap((rule) => ['--fault', rule])];
  if (options.seed !== undefined) args.push('--seed', String(options.seed));
  return { transport: 'stdio', command: process.execPath, args };
}

export interface RecordOptions {
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
    const args = [mcpvetCliPath(), 'record', '-o', options.output, ...redact, ...env, ...(target.cwd ? ['--cwd', target.cwd] : []), '--', target.command, ...target.args];
    return { target: { transport: 'stdio', command: process.execPath, args }, close: async () => {} };
  }
  const writer = new CassetteWriter({ path: options.output, target, redactor: new Redactor({ secrets: secretValuesOf(target), patterns: options.redact }) });
  const front = await serveHttpFront(new RecordingHttp(new ForwardingUpstream(target.url, target.headers), writer));
  const url = new URL(target.url);
  return {
    target: { transport: 'http', url: `${front.origin}${url.pathname}${url.search}` },
    close: async () => {
      await front.close();
      writer.close();
    },
  };
}
