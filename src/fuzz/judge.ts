/**
 * The verdict on one tools/call: which property (if any) the answer breaks. Transport failures
 * first (the server died, or said nothing in time), then secrets in the answer, then what the
 * answer says about the arguments (valid ones accepted, invalid ones rejected), then the
 * outputSchema. A documented refusal (a missing client capability, a task-only tool called
 * without a task) says nothing about the arguments, and passes.
 */
import type { RpcOutcome } from '../client/types.js';
import { ErrorCode } from '../protocol/errors.js';
import { schemaProblems } from '../protocol/json-schema.js';
import { isObject, type JsonObject } from '../protocol/jsonrpc.js';
import type { TransportError } from '../protocol/transport-error.js';
import { describeSecret, findSecrets } from '../scan/secrets.js';
import { oneLine } from '../wire/control-chars.js';
import type { Expectation } from './inputs.js';
import type { PropertyId } from './properties.js';

export interface Violation {
  property: PropertyId;
  message: string;
  /** JSON pointer of the argument at fault, when one is. */
  pointer?: string;
}

export type CallAnswer =
  | { outcome: RpcOutcome; failure?: undefined; unreachable?: undefined }
  /** `unreachable`: the request was never sent (the server could not be reached again). */
  | { outcome?: undefined; failure: TransportError; unreachable?: boolean };

/** Server text quoted in a message is clipped to this. */
const QUOTE_MAX = 160;

export interface JudgeInput {
  tool: JsonObject;
  args: JsonObject;
  expectation: Expectation;
  answer: CallAnswer;
  timeoutMs: number;
  /** Values planted for the run (never printed) whose appearance in an answer is a leak. */
  canaries: readonly string[];
}

export function judgeCall(input: JudgeInput): Violation | undefined {
  const { answer, expectation } = input;
  if (answer.unreachable) return undefined;
  if (answer.failure) return transportViolation(answer.failure, input.timeoutMs);
  const outcome = answer.outcome;
  const leak = secretIn(outcome, input.args, input.canaries);
  if (leak) return leak;
  if (isRefusal(outcome, input.tool) || isInterim(outcome)) return undefined;
  const pointer = expectation.kind === 'invalid' ? expectation.pointer : undefined;
  if (expectation.kind === 'invalid') return rejectionViolation(outcome, expectation.problem, pointer);
  if (expectation.kind === 'unknown') return undefined;
  if (outcome.error?.code === ErrorCode.InvalidParams)
    return {
      property: 'valid-as-tool-error',
      message: `arguments the inputSchema admits got a -32602 error, not a result with isError: true: ${errorText(outcome)}`,
    };
  if (outcome.error) return { property: 'accepts-valid', message: `arguments the inputSchema admits got a protocol error: ${errorText(outcome)}` };
  if (!isObject(outcome.result))
    return { property: 'accepts-valid', message: `arguments the inputSchema admits got an answer with neither result nor error${httpText(outcome)}` };
  return outputViolation(input.tool, outcome.result);
}

function transportViolation(failure: TransportError, timeoutMs: number): Violation {
  if (failure.kind === 'timeout') return { property: 'answers-in-time', message: `no answer to tools/call within ${timeoutMs} ms` };
  if (failure.kind === 'closed' || failure.kind === 'spawn' || failure.kind === 'refused')
    return { property: 'server-alive', message: `the server stopped while handling tools/call: ${clip(failure.message)}` };
  return { property: 'server-alive', message: `the connection failed while handling tools/call (${failure.kind}): ${clip(failure.message)}` };
}

/** Invalid arguments: isError: true, or a -32602 error; anything else breaks the property. */
function rejectionViolation(outcome: RpcOutcome, problem: string, pointer: string | undefined): Violation | undefined {
  if (outcome.error?.code === ErrorCode.InvalidParams) return undefined;
  if (outcome.error)
    return { property: 'rejects-invalid', pointer, message: `invalid arguments (${problem}) got ${errorText(outcome)}; expected isError: true or -32602` };
  if (!isObject(outcome.result))
    return { property: 'rejects-invalid', pointer, message: `invalid arguments (${problem}) got no result and no error${httpText(outcome)}` };
  if (outcome.result.isError === true) return undefined;
  return { property: 'rejects-invalid', pointer, message: `invalid arguments (${problem}) were accepted: the result has no isError: true` };
}

function outputViolation(tool: JsonObject, result: JsonObject): Violation | undefined {
  if (result.isError === true || !isObject(tool.outputSchema)) return undefined;
  if (!('structuredContent' in result))
    return { property: 'output-schema', message: 'the tool declares an outputSchema but a successful result has no structuredContent' };
  const problems = schemaProblems(tool.outputSchema, result.structuredContent);
  if (problems.length === 0 || problems[0]?.startsWith('schema does not compile')) return undefined;
  return { property: 'output-schema', message: `structuredContent breaks the outputSchema: ${clip(problems.slice(0, 3).join('; '))}` };
}

/**
 * Secret shapes and canaries in the answer. A shape the arguments themselves carried is an echo of
 * what fuzz sent, not a leak.
 */
function secretIn(outcome: RpcOutcome, args: JsonObject, canaries: readonly string[]): Violation | undefined {
  const text = JSON.stringify(outcome.result ?? outcome.error ?? null);
  const sent = JSON.stringify(args);
  const leaks = findSecrets(text, canaries).filter((match) => match.kind === 'canary' || !sent.includes(text.slice(match.start, match.end)));
  if (leaks.length === 0) return undefined;
  const kinds = [...new Set(leaks.map((leak) => (leak.kind === 'canary' ? 'the planted canary' : `a ${leak.kind}`)))];
  return {
    property: 'no-secrets',
    message: `the answer carries ${kinds.join(' and ')} (${leaks
      .slice(0, 3)
      .map((leak) => describeSecret(text, leak))
      .join('; ')})`,
  };
}

/**
 * Refusals the spec documents, which say nothing about the arguments: a client capability the
 * request lacks (-32021; -32042 for URL elicitation in 2025-11-25), headers that do not mirror the
 * body (-32020: an `x-mcp-header` argument of a wrong type cannot be mirrored), and a task-only
 * tool called without a task (-32601, or -32600 which the Error Handling section allows).
 */
function isRefusal(outcome: RpcOutcome, tool: JsonObject): boolean {
  const code = outcome.error?.code;
  const documented: number[] = [ErrorCode.MissingRequiredClientCapability, ErrorCode.LegacyUrlElicitationRequired, ErrorCode.HeaderMismatch];
  if (code !== undefined && documented.includes(code)) return true;
  const execution = isObject(tool.execution) ? tool.execution : {};
  return execution.taskSupport === 'required' && (code === ErrorCode.MethodNotFound || code === ErrorCode.InvalidRequest);
}

/** An interim answer (input_required, a task created): not the tool's final word on the arguments. */
function isInterim(outcome: RpcOutcome): boolean {
  const result = outcome.result;
  if (!isObject(result)) return false;
  return (typeof result.resultType === 'string' && result.resultType !== 'complete') || isObject(result.task);
}

function errorText(outcome: RpcOutcome): string {
  return `error ${outcome.error?.code} "${clip(String(outcome.error?.message ?? ''))}"`;
}

function httpText(outcome: RpcOutcome): string {
  return outcome.http ? ` (HTTP ${outcome.http.status})` : '';
}

function clip(text: string): string {
  const line = oneLine(text);
  return line.length <= QUOTE_MAX ? line : `${line.slice(0, QUOTE_MAX)}…`;
}
