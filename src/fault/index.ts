/**
 * Faults from a test suite: put a misbehaving proxy in front of any server and hand the client
 * the proxy as its Target.
 *
 *   const faulty = await withFaults(target, ['timeout@tool:search', 'delay=200@tools/list']);
 *   const client = await connect(faulty.target, { timeoutMs: 500 });
 *   …
 *   await faulty.close();
 *
 * HTTP targets get an in-process proxy on 127.0.0.1. A stdio client must start a process, so a
 * stdio target becomes `node <mcpvet>/dist/cli.js proxy --fault … -- <server>`.
 */
import { mcpvetCliPath } from '../relay/cli-path.js';
import { ForwardingUpstream } from '../relay/forwarding-upstream.js';
import { serveHttpFront } from '../relay/http-front.js';
import type { HttpTarget, StdioTarget, Target } from '../wire/target.js';
import { FaultyHttp } from './http.js';
import { FaultPlan, randomSeed } from './plan.js';
import { checkRulesForTransport, parseFaultRule, type FaultRule } from './rules.js';

export { parseFaultRule, parseFaultRules, checkRulesForTransport, FaultRuleError, FAULT_KINDS } from './rules.js';
export type { FaultRule, FaultAction, FaultKind, FaultSelector } from './rules.js';
export { FaultPlan } from './plan.js';
export { FaultyLines, DISCONNECT_EXIT_CODE } from './lines.js';
export { FaultyHttp } from './http.js';

export interface WithFaultsOptions {
  /** Seed of the p= selectors (random by default; read it back from the result to repeat a run). */
  seed?: number;
  /** HTTP: port of the proxy (default: any free port). */
  port?: number;
  /** Called with one line per injected fault (HTTP; a stdio proxy writes them to its stderr). */
  onFault?: (line: string) => void;
  /** HTTP: the token the proxy requires in its URL (already in `target.url`); random by default, false for none. */
  token?: string | false;
}

export interface FaultyServer {
  /** Connect the client here instead of to the real server. */
  target: Target;
  seed: number;
  /** Stops an HTTP proxy; a stdio proxy ends with the client's connection. */
  close(): Promise<void>;
}

export async function withFaults(target: Target, rules: readonly (string | FaultRule)[], options: WithFaultsOptions = {}): Promise<FaultyServer> {
  const parsed = rules.map((rule) => (typeof rule === 'string' ? parseFaultRule(rule) : rule));
  checkRulesForTransport(parsed, target.transport);
  const seed = options.seed ?? randomSeed();
  if (target.transport === 'stdio') return { target: faultyStdioTarget(target, parsed, seed), seed, close: async () => {} };
  const forwarding = new ForwardingUpstream(target.url, target.headers);
  const front = await serveHttpFront(new FaultyHttp(forwarding, new FaultPlan(parsed, seed), options.onFault), { port: options.port, token: options.token });
  // The target's query string is added by the forwarder.
  const proxied: HttpTarget = { transport: 'http', url: front.urlFor(new URL(target.url).pathname) };
  return {
    target: proxied,
    seed,
    close: async () => {
      await front.close();
      await forwarding.close();
    },
  };
}

function faultyStdioTarget(target: StdioTarget, rules: FaultRule[], seed: number): StdioTarget {
  return {
    transport: 'stdio',
    command: process.execPath,
    args: [mcpvetCliPath(), 'proxy', '--seed', String(seed), ...rules.flatMap((rule) => ['--fault', rule.text]), '--', target.command, ...target.args],
    env: target.env,
    cwd: target.cwd,
  };
}
