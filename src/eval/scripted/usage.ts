/** Token counts of the scripted model: deterministic estimates, 4 characters to a token. */
import type { ModelReply } from './reply.js';

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The reply's text, or each call's name and JSON arguments. */
export function outputTokens(reply: ModelReply): number {
  if (reply.type === 'text') return estimateTokens(reply.text);
  return estimateTokens(reply.calls.map((call) => call.name + JSON.stringify(call.arguments)).join(''));
}
