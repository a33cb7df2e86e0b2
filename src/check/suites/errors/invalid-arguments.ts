/**
 * The probe both invalid-argument checks share: call a tool that may be called (ctx.callPolicy)
 * with arguments its own inputSchema rejects, the smallest break mcpvet can make: one property
 * of the wrong type, or else one property the schema forbids. ajv confirms the arguments really
 * are invalid before anything is sent.
 */
import type { JsonObject } from '../../../client/types.js';
import { compileSchema } from '../../../protocol/json-schema.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { TransportError } from '../../../protocol/transport-error.js';
import type { CheckContext } from '../../types.js';
import { answerOfOutcome, type Answer } from '../protocol/probe.js';

export interface InvalidCall {
  tool: string;
  args: JsonObject;
  /** What is wrong with the arguments, in words. */
  broken: string;
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

/** Calls the first callable tool with schema-breaking arguments; a reason string when none can be. */
/** The one reason that means "does not apply" rather than "could not decide". */
export const NO_TOOLS = 'the server lists no tools';

export async function callWithInvalidArguments(ctx: CheckContext): Promise<InvalidCall | string> {
  const reasons: string[] = [];
  for (const tool of await ctx.tools()) {
    const policy = ctx.callPolicy(tool);
    if (!policy.allowed) {
      reasons.push(policy.reason);
      continue;
    }
    const broken = breakArguments(tool.inputSchema, policy.args ?? {});
    if (!broken) {
      reasons.push(`no schema-breaking arguments can be built for "${String(tool.name)}"`);
      continue;
    }
    try {
      const outcome = await ctx.client.request('tools/call', { name: tool.name, arguments: broken.args });
      return { tool: String(tool.name), ...broken, answer: answerOfOutcome(ctx.client, outcome) };
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      return { tool: String(tool.name), ...broken, answer: { frames: { from: 0, to: -1 }, own: [], failure: error.message } };
    }
  }
  if (reasons.length === 0) return NO_TOOLS;
  return `no tool may be called with invalid arguments: ${reasons.slice(0, 3).join('; ')}${reasons.length > 3 ? '; …' : ''}`;
}

export function breakArguments(inputSchema: unknown, base: JsonObject): { args: JsonObject; broken: string } | undefined {
  if (!isObject(inputSchema)) return undefined;
  const compiled = compileSchema(inputSchema);
  if (!compiled.ok) return undefined;
  const invalid = (args: JsonObject): boolean => !compiled.validate(args);
  const properties = isObject(inputSchema.properties) ? inputSchema.properties : {};
  for (const [name, property] of Object.entries(properties)) {
    const type = isObject(property) && typeof property.type === 'string' ? property.type : undefined;
    if (type === undefined || !(type in WRONG_VALUE)) continue;
    const args = { ...base, [name]: WRONG_VALUE[type] };
    if (invalid(args)) return { args, broken: `"${name}" is ${JSON.stringify(WRONG_VALUE[type])} where the inputSchema wants type ${type}` };
  }
  if (inputSchema.additionalProperties === false && !(UNEXPECTED in properties)) {
    const args = { ...base, [UNEXPECTED]: true };
    if (invalid(args)) return { args, broken: `"${UNEXPECTED}" is an argument the inputSchema forbids (additionalProperties: false)` };
  }
  return undefined;
}
