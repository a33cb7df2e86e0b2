/** Short descriptions of what a server answered, for check messages. */
import type { RpcOutcome } from '../../../client/types.js';
import { errorCodeName } from '../../../protocol/errors.js';
import { isObject } from '../../../protocol/jsonrpc.js';

export function describeError(error: NonNullable<RpcOutcome['error']>): string {
  const data = error.data === undefined ? '' : ` data ${clip(JSON.stringify(error.data))}`;
  return `error ${error.code} (${errorCodeName(error.code)}) "${clip(String(error.message), 120)}"${data}`;
}

export function describeAnswer(outcome: RpcOutcome): string {
  if (outcome.error) return describeError(outcome.error);
  if (isObject(outcome.result)) return 'a result';
  return outcome.http ? `HTTP ${outcome.http.status} without a JSON-RPC answer` : 'no JSON-RPC answer';
}

export function clip(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A list of findings (or names, with `separator` ', ') in one sentence, at most `max` of them. */
export function summarize(problems: string[], max = 5, separator = '; '): string {
  const shown = problems.slice(0, max).join(separator);
  return problems.length > max ? `${shown}${separator}and ${problems.length - max} more` : shown;
}
