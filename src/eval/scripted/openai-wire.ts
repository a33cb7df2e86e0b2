/**
 * The OpenAI chat-completions wire: a reply as a `chat.completion` body, or as the SSE chunks of a
 * stream (`data: {...}` lines ending with `data: [DONE]`, the usage in a last chunk when
 * `stream_options.include_usage` asks for it), and errors in OpenAI's shape.
 */
import { isObject } from '../../protocol/jsonrpc.js';
import type { Conversation } from './conversation.js';
import type { ModelReply } from './reply.js';
import { errorType, pieces } from './wire-shared.js';
import { outputTokens } from './usage.js';

export const OPENAI_CALL_PREFIX = 'call_';

export function openaiCompletion(reply: ModelReply, conversation: Conversation, id: string): Record<string, unknown> {
  const message =
    reply.type === 'text'
      ? { role: 'assistant', content: reply.text, refusal: null }
      : {
          role: 'assistant',
          content: null,
          refusal: null,
          tool_calls: reply.calls.map((call) => ({
            id: OPENAI_CALL_PREFIX + call.tag,
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          })),
        };
  return {
    id,
    object: 'chat.completion',
    created: nowSeconds(),
    model: conversation.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason(reply) }],
    usage: usage(reply, conversation),
  };
}

/** The `data:` payloads of a streamed reply, [DONE] last. */
export function openaiChunks(reply: ModelReply, conversation: Conversation, id: string, body: unknown): string[] {
  const includeUsage = isObject(body) && isObject(body.stream_options) && body.stream_options.include_usage === true;
  const created = nowSeconds();
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    JSON.stringify({ id, object: 'chat.completion.chunk', created, model: conversation.model, choices, ...(includeUsage ? { usage: null } : {}), ...extra });
  const delta = (value: Record<string, unknown>) => chunk([{ index: 0, delta: value, logprobs: null, finish_reason: null }]);
  const chunks = [delta({ role: 'assistant', content: '' })];
  if (reply.type === 'text') {
    for (const piece of pieces(reply.text)) chunks.push(delta({ content: piece }));
  } else {
    reply.calls.forEach((call, index) => {
      chunks.push(delta({ tool_calls: [{ index, id: OPENAI_CALL_PREFIX + call.tag, type: 'function', function: { name: call.name, arguments: '' } }] }));
      for (const piece of pieces(JSON.stringify(call.arguments))) chunks.push(delta({ tool_calls: [{ index, function: { arguments: piece } }] }));
    });
  }
  chunks.push(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: finishReason(reply) }]));
  if (includeUsage) chunks.push(chunk([], { usage: usage(reply, conversation) }));
  chunks.push('[DONE]');
  return chunks;
}

export function openaiError(status: number, message: string): Record<string, unknown> {
  return { error: { message, type: errorType(status), param: null, code: null } };
}

function finishReason(reply: ModelReply): string {
  return reply.type === 'text' ? 'stop' : 'tool_calls';
}

function usage(reply: ModelReply, conversation: Conversation): Record<string, number> {
  const completion = outputTokens(reply);
  return { prompt_tokens: conversation.inputTokens, completion_tokens: completion, total_tokens: conversation.inputTokens + completion };
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
