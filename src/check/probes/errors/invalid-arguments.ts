/**
 * The probes both invalid-argument checks share: call a tool that may be called (ctx.callPolicy)
 * with arguments its own inputSchema rejects, in the two ways clients get arguments wrong: one
 * property of the wrong type (or else one the schema forbids), and one required property left
 * out. Each starts from arguments that are otherwise valid, so exactly one thing is wrong; ajv
 * confirms the arguments really are invalid before anything is sent.
 */
import type { JsonObject } from '../../../client/types.js';
import { compileSchema } from '../../../protocol/json-schema.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { TransportError } from '../../../protocol/transport-error.js';
import type { CheckContext } from '../../types.js';
import { answerOfOutcome, type Answer } from '../protocol/probe.js';
import { sampleArguments } from '../tools/sample-arguments.js';

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
  for (const tool of await ctx.tools()) {
    if (pending.size === 0) break;
    const policy = ctx.callPolicy(tool);
    if (!policy.allowed) {
      reasons.push(policy.reason);
      continue;
    }
    const sampled = sampleArguments(tool.inputSchema);
    const base = policy.args ?? (sampled.ok ? (sampled.args as JsonObject) : {});
    const breaks = breakArguments(tool.inputSchema, base).filter((broken) => pending.has(broken.kind));
    if (breaks.length === 0) reasons.push(`no schema-breaking arguments can be built for "${String(tool.name)}"`);
    for (const broken of breaks) {
      pending.delete(broken.kind);
      calls.push({ tool: String(tool.name), ...broken, answer: await call(ctx, String(tool.name), broken.args) });
    }
  }
  if (calls.length > 0) return calls;
  if (reasons.length === 0) return NO_TOOLS;
  return `no tool may be called with invalid arguments: ${reasons.slice(0, 3).join('; ')}${reasons.length > 3 ? '; …' : ''}`;
}

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
