/**
 * A load scenario as an Artillery script, for Artillery's own distributed runners: the same
 * requests (mcpvet's envelope: `_meta`, the Mcp-* headers, the legacy handshake), the same model
 * and thresholds. What YAML cannot say (ids, sessions, cursors, MRTR retries, MCP-level errors)
 * is in the processor beside it (processor.ts).
 *
 * Where Artillery's model differs from mcpvet's, the script says so in its header: an arrival is
 * one virtual user running one flow; a legacy server gets a session per virtual user; in the
 * closed model a user keeps the step Artillery picked for it (by weight, at random).
 */
import { stringify } from 'yaml';
import type { JsonObject } from '../../protocol/jsonrpc.js';
import type { LoadModel } from '../engine.js';
import type { Threshold } from '../options.js';

export interface ArtilleryStep {
  /** The report key, also the scenario's name: `tools/call get_note`. */
  name: string;
  weight: number;
  method: string;
  /** The params as mcpvet sends them (with `_meta` in the 2026-07-28 era). */
  params: JsonObject | undefined;
  /** The era's headers for this request (Mcp-Method, Mcp-Name, …). */
  headers: Record<string, string>;
}

export interface ArtilleryInput {
  url: string;
  /** Headers the target carries (`--header`, a stored login): credentials become environment variables. */
  targetHeaders: Record<string, string>;
  era: 'modern' | 'legacy';
  protocolVersion: string;
  /** The legacy handshake: initialize's params. */
  initialize?: JsonObject;
  steps: ArtilleryStep[];
  model: LoadModel;
  durationMs: number;
  rampMs: number;
  timeoutMs: number;
  thresholds: Threshold[];
  /** The processor's path, relative to the script. */
  processor: string;
  /** The mcpvet command line, for the header. */
  commandLine: string;
  /** The script's own file name, for the header's run line. */
  file?: string;
}

export interface ArtilleryScript {
  yaml: string;
  /** Environment variables the script reads the target's header and query values from, with what each fills. */
  secretEnv: { variable: string; fills: string }[];
}

/** Artillery's summary name of each latency metric. */
const SUMMARY: Record<string, string> = { p50: 'p50', p90: 'p90', p99: 'p99', 'p99.9': 'p999', max: 'max', mean: 'mean' };

export function artilleryScript(input: ArtilleryInput): ArtilleryScript {
  const url = new URL(input.url);
  // mcpvet treats every header and query value of a target as a secret (wire/secret-values.ts) and
  // masks it in every output: the script reads each from the runner's environment instead.
  const secretEnv: ArtilleryScript['secretEnv'] = [];
  const fromEnv = (prefix: string, name: string, fills: string) => {
    const variable = `MCPVET_${prefix}_${name.replace(/[^A-Za-z0-9]/g, '_').toUpperCase()}`;
    secretEnv.push({ variable, fills });
    return `{{ $processEnvironment.${variable} }}`;
  };
  const query = [...new Set(url.searchParams.keys())].map((name) => `${encodeURIComponent(name)}=${fromEnv('QUERY', name, `the query parameter ${name}`)}`);
  const path = `${url.pathname}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  const given: Record<string, string> = {};
  for (const name of Object.keys(input.targetHeaders)) given[name.toLowerCase()] = fromEnv('HEADER', name, `the ${name.toLowerCase()} header`);
  const base = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...given };
  const closed = input.model.kind === 'closed';
  const request = (step: ArtilleryStep) => ({
    post: {
      url: path,
      headers: { ...base, ...(input.era === 'legacy' ? { 'mcp-protocol-version': input.protocolVersion } : {}), ...step.headers },
      json: { jsonrpc: '2.0', id: 0, method: step.method, ...(step.params === undefined ? {} : { params: step.params }) },
      beforeRequest: 'mcpvetRequest',
      afterResponse: 'mcpvetAnswer',
    },
  });
  const scenarios = input.steps.map((step) => ({
    name: step.name,
    weight: step.weight,
    flow: [
      ...(input.era === 'legacy' ? handshake(path, base, input) : []),
      { loop: [request(step)], whileTrue: closed ? 'mcpvetUntilDeadline' : 'mcpvetMore' },
      ...(input.era === 'legacy'
        ? [{ delete: { url: path, headers: { ...base, 'mcp-protocol-version': input.protocolVersion }, beforeRequest: 'mcpvetNotification' } }]
        : []),
    ],
  }));
  const config: JsonObject = {
    target: url.origin,
    phases: phasesOf(input),
    processor: input.processor,
    http: { timeout: Math.max(1, Math.ceil(input.timeoutMs / 1000)) },
  };
  if (closed) config.variables = { mcpvetDurationMs: input.durationMs };
  if (input.thresholds.length > 0) {
    // Artillery 2.0.21 loads the ensure plugin only when it is listed; later releases need no entry.
    config.plugins = { ensure: {} };
    config.ensure = { conditions: input.thresholds.map((threshold) => ({ expression: expressionOf(threshold) })) };
  }
  // YAML 1.1, as Artillery reads it (js-yaml 3): 2026-07-28 would otherwise be a date, and yes/no booleans.
  const yaml = stringify({ config, scenarios }, { lineWidth: 0, version: '1.1' });
  return { yaml: headerOf(input, secretEnv) + yaml, secretEnv };
}

/** The legacy handshake of one virtual user: initialize (its session id kept), then initialized. */
function handshake(path: string, base: Record<string, string>, input: ArtilleryInput): JsonObject[] {
  return [
    {
      post: {
        url: path,
        headers: base,
        json: { jsonrpc: '2.0', id: 0, method: 'initialize', params: input.initialize ?? {} },
        beforeRequest: 'mcpvetRequest',
        afterResponse: 'mcpvetSession',
      },
    },
    {
      post: {
        url: path,
        headers: { ...base, 'mcp-protocol-version': input.protocolVersion },
        json: { jsonrpc: '2.0', method: 'notifications/initialized' },
        beforeRequest: 'mcpvetNotification',
      },
    },
  ];
}

/**
 * Open: a ramp from one arrival a second to the rate (whole seconds, as Artillery ramps), then the
 * rate for the rest of the run. Closed: the users arrive over the ramp (or the first second) and
 * each runs until the run's time is up.
 */
function phasesOf(input: ArtilleryInput): JsonObject[] {
  const seconds = (ms: number) => Math.round(ms) / 1000;
  if (input.model.kind === 'closed') {
    return [{ name: 'virtual users', duration: Math.max(1, Math.round(input.rampMs / 1000)), arrivalCount: input.model.vus }];
  }
  const rate = input.model.rate;
  const rampS = input.rampMs > 0 ? Math.max(1, Math.round(input.rampMs / 1000)) : 0;
  const phases: JsonObject[] = [];
  if (rampS > 0) phases.push({ name: 'ramp', duration: rampS, arrivalRate: 1, rampTo: rate });
  const rest = seconds(input.durationMs) - rampS;
  if (rest > 0 || phases.length === 0) phases.push({ name: 'constant rate', duration: Math.max(rest, 0.001), arrivalRate: rate });
  return phases;
}

/** A threshold as an `ensure` condition over Artillery's metrics and the processor's `mcp.errors`. */
function expressionOf(threshold: Threshold): string {
  const value = Number(threshold.value.toPrecision(12));
  switch (threshold.metric) {
    case 'errors':
      // A failed virtual user is a request that got no HTTP answer (refused, reset, timed out).
      return `(mcp.errors + vusers.failed) / http.requests ${threshold.operator} ${value}`;
    case 'rps':
      return `http.request_rate ${threshold.operator} ${value}`;
    default:
      return `http.response_time.${SUMMARY[threshold.metric]} ${threshold.operator} ${value}`;
  }
}

function headerOf(input: ArtilleryInput, secretEnv: ArtilleryScript['secretEnv']): string {
  const model =
    input.model.kind === 'open'
      ? `open model: ${input.model.rate} arrivals/s for ${input.durationMs / 1000} s${input.rampMs > 0 ? ` (ramp ${input.rampMs / 1000} s)` : ''}; each arrival is a virtual user running one flow`
      : `closed model: ${input.model.vus} virtual users for ${input.durationMs / 1000} s; each keeps the step Artillery picked for it`;
  const lines = [
    `Written by: ${input.commandLine}`,
    `Server: ${input.url} (${input.era === 'modern' ? 'stateless' : 'legacy sessions'}, protocol ${input.protocolVersion})`,
    model,
    ...(input.era === 'legacy' ? ['legacy era: each virtual user opens its own session (initialize, initialized, its requests, DELETE)'] : []),
    'Flows as mcpvet load runs them: lists follow their cursors, input_required is answered and sent again (the processor).',
    'MCP-level failures (HTTP >= 400, JSON-RPC errors, no answer, isError) are counted as mcp.errors.',
    ...secretEnv.map(({ variable, fills }) => `Set ${variable} to the value of ${fills}: header and query values are not written here.`),
    `Run: npx artillery run ${input.file ?? 'SCRIPT.yml'}`,
  ];
  return lines.map((line) => `# ${line}\n`).join('');
}
