/**
 * The probes both invalid-argument checks share: call a tool that may be called (ctx.callPolicy)
 * with arguments its own inputSchema rejects, in the two ways clients get arguments wrong: one
 * property of the wrong type (or else one the schema forbids), and one required property left
 * out. Each starts from arguments the same tool took in a good call (src/check/arguments), so
 * exactly one thing is wrong; ajv confirms the arguments really are invalid before anything is
 * sent. A tool that took no good call is probed only when no other tool can be, and says so.
 */
import type { JsonObject } from '../../../client/types.js';
import { compileSchema } from '../../../protocol/json-schema.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { TransportError } from '../../../protocol/transport-error.js';
import type { CheckContext } from '../../types.js';
import { answerOfOutcome, type Answer } from '../protocol/probe.js';
import { goodCall } from '../../arguments/good-call.js';

export type BreakKind = 'wrong-type' | 'missing-required';

export interface BrokenArguments {
  kind: BreakKind;
  args: JsonObject;
  /** What is wrong with the arguments, in words. */
  broken: string;
}

export interface InvalidCall extends BrokenArguments {
  tool: string;
  answer: Answer;
  /**
   * The same tool's call with valid arguments: what succeeded ("id ← …"), or why none did. A
   * rejection of bad arguments is credited only when good ones were taken.
   */
  good: { succeeded: true; sources: string } | { succeeded: false; why: string };
}

/** A value of a type other than the one named, one per JSON Schema type. */
const WRONG_VALUE: Record<string, unknown> = {
  string: 12345,
  number: 'not a number',
  integer: 'not an integer',
  boolean: 'not a boolean',
  array: 'not an array',
  object: 'not an object',
};

const UNEXPECTED = 'mcpvet_unexpected_argument';

/** The one reason that means "does not apply" rather than "could not decide". */
export const NO_TOOLS = 'the server lists no tools';

/**
 * One call per kind of break, each with the first callable tool that allows it (a tool without
 * required properties cannot lose one); a reason string when no call can be made at all.
 */
export async function callWithInvalidArguments(ctx: CheckContext): Promise<InvalidCall[] | string> {
  const reasons: string[] = [];
  const calls: InvalidCall[] = [];
  const pending = new Set<BreakKind>(['wrong-type', 'missing-required']);
  /** Breaks of tools no good call succeeded with: used only when no other tool allows that break. */
  const fallback: { tool: string; broken: BrokenArguments; good: InvalidCall['good'] }[] = [];
  for (const tool of await ctx.tools()) {
    if (pending.size === 0 || ctx.signal.aborted) break;
    const policy = ctx.callPolicy(tool);
    if (!policy.allowed) {
      reasons.push(policy.reason);
      continue;
    }
    const name = String(tool.name);
    const good = await goodCall(ctx, tool);
    if (good.reason !== undefined) {
      reasons.push(good.reason);
      continue;
    }
    const base = (good.succeeded ?? good.attempts[0])?.candidate.args ?? {};
    const breaks = breakArguments(tool.inputSchema, base).filter((broken) => pending.has(broken.kind));
    if (breaks.length === 0) reasons.push(`no schema-breaking arguments can be built for "${name}"`);
    if (!good.succeeded) {
      const tried = good.attempts.map((attempt) => attempt.sources).join(' | ');
      const why = `no call of "${name}" with valid arguments succeeded either (tried ${good.attempts.length}: ${tried}; see tools.valid-call-succeeds)`;
      for (const broken of breaks) fallback.push({ tool: name, broken, good: { succeeded: false, why } });
      continue;
    }
    for (const broken of breaks) {
      pending.delete(broken.kind);
      calls.push({ tool: name, ...broken, good: { succeeded: true, sources: good.succeeded.sources }, answer: await call(ctx, name, broken.args) });
    }
  }
  for (const { tool, broken, good } of fallback) {
    if (!pending.has(broken.kind)) continue;
    pending.delete(broken.kind);
    calls.push({ tool, ...broken, good, answer: await call(ctx, tool, broken.args) });
  }
  if (calls.length > 0) return calls;
  if (reasons.length === 0) return NO_TOOLS;
  return `no tool may be called with invalid arguments: ${reasons.slice(0, 3).join('; ')}${reasons.length > 3 ? '; …' : ''}`;
}

/** Why rejections were not credited: the good call of each tool failed too. */
export const uncredited = (calls: InvalidCall[]): string =>
  `${calls.map((call) => `"${call.tool}" was sent arguments where ${call.broken}, but ${'why' in call.good ? call.good.why : ''}`).join('; ')}; give working arguments with a --calls file`;

async function call(ctx: CheckContext, name: string, args: JsonObject): Promise<Answer> {
  try {
    return answerOfOutcome(ctx.client, await ctx.client.request('tools/call', { name, arguments: args }));
  } catch (error) {
    if (!(error instanceof TransportError)) throw error;
    return { frames: { from: 0, to: -1 }, own: [], failure: error.message };
  }
}

/** Every kind of break `inputSchema` allows, each a change of `base` that ajv confirms invalid. */
export function breakArguments(inputSchema: unknown, base: JsonObject): BrokenArguments[] {
  if (!isObject(inputSchema)) return [];
  const compiled = compileSchema(inputSchema);
  if (!compiled.ok) return [];
  const invalid = (args: JsonObject): boolean => !compiled.validate(args);
  const properties = isObject(inputSchema.properties) ? inputSchema.properties : {};
  const found: BrokenArguments[] = [];
  const wrongType = (): BrokenArguments | undefined => {
    for (const [name, property] of Object.entries(properties)) {
      const type = isObject(property) && typeof property.type === 'string' ? property.type : undefined;
      if (type === undefined || !(type in WRONG_VALUE)) continue;
      const args = { ...base, [name]: WRONG_VALUE[type] };
      if (invalid(args))
        return { kind: 'wrong-type', args, broken: `"${name}" is ${JSON.stringify(WRONG_VALUE[type])} where the inputSchema wants type ${type}` };
    }
    if (inputSchema.additionalProperties === false && !(UNEXPECTED in properties)) {
      const args = { ...base, [UNEXPECTED]: true };
      if (invalid(args)) return { kind: 'wrong-type', args, broken: `"${UNEXPECTED}" is an argument the inputSchema forbids (additionalProperties: false)` };
    }
    return undefined;
  };
  const typeBreak = wrongType();
  if (typeBreak) found.push(typeBreak);
  const required = Array.isArray(inputSchema.required) ? inputSchema.required.filter((name): name is string => typeof name === 'string') : [];
  for (const name of required) {
    const { [name]: _left, ...args } = base;
    if (invalid(args)) {
      found.push({ kind: 'missing-required', args, broken: `the required argument "${name}" is missing` });
      break;
    }
  }
  return found;
}
