/** `mcpvet proxy`: faults in front of a live server. Parsing and wiring only. */
import { ForwardingUpstream } from '../relay/forwarding-upstream.js';
import { SpawnedServer } from '../relay/lines.js';
import { FaultyHttp } from '../fault/http.js';
import { FaultyLines } from '../fault/lines.js';
import { FaultPlan } from '../fault/plan.js';
import { checkRulesForTransport, FaultRuleError, parseFaultRules } from '../fault/rules.js';
import { redactUrl } from '../wire/target.js';
import { usageError } from './cli-error.js';
import { serveHttpUntilStopped, serveLines, type ListenFlags } from './serve-relay.js';
import { resolveTarget, type TargetFlags } from './target-options.js';

export interface FaultFlags {
  fault: string[];
  seed?: number;
}

export interface ProxyFlags extends TargetFlags, FaultFlags, ListenFlags {}

export async function runProxy(positional: string[], flags: ProxyFlags): Promise<number> {
  const target = await resolveTarget(flags, positional);
  const plan = faultPlan(flags, target.transport);
  if (target.transport === 'stdio') {
    if (flags.listen !== undefined) throw usageError('--listen applies to --url targets; a stdio proxy is started by the client in place of the server');
    const server = new SpawnedServer(target);
    // Without rules the relay stays out of the way: no wrapper parsing every message.
    return serveLines(plan.rules.length > 0 ? new FaultyLines(server, plan, logFault) : server, server);
  }
  const forwarding = new ForwardingUpstream(target.url, target.headers);
  const faulty = plan.rules.length > 0;
  const upstream = faulty ? new FaultyHttp(forwarding, plan, logFault) : forwarding;
  // The URL's query string is added by the forwarder, so it is not printed. Without rules the
  // requests pass as bytes (http: servers; https and anything unusual go through `forwarding`).
  const passthrough = faulty ? undefined : { url: target.url, headers: target.headers ?? {} };
  return serveHttpUntilStopped(upstream, flags, new URL(target.url).pathname, 'mcpvet proxy', `forwarding to ${redactUrl(target.url)}`, passthrough);
}

/** The rules of --fault for this transport, with a seed that is printed when chance is involved. */
export function faultPlan(flags: FaultFlags, transport: 'stdio' | 'http'): FaultPlan {
  try {
    const rules = parseFaultRules(flags.fault);
    checkRulesForTransport(rules, transport);
    const plan = new FaultPlan(rules, flags.seed);
    if (plan.usesChance && flags.seed === undefined) process.stderr.write(`mcpvet: faults drawn with --seed ${plan.seed} (pass it to repeat this run)\n`);
    return plan;
  } catch (error) {
    if (error instanceof FaultRuleError) throw usageError(error.message);
    throw error;
  }
}

export function logFault(line: string): void {
  process.stderr.write(line + '\n');
}
