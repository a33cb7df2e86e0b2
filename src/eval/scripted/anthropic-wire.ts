/**
 * Anthropic's Messages wire: a reply as a `message` body (text or `tool_use` blocks), or as the
 * SSE events of a stream (message_start, content_block_start/delta/stop, message_delta with the
 * stop reason and usage, message_stop), and errors in Anthropic's shape.
 */
import type { Conversation } from './conversation.js';
import { errorType, pieces } from './wire-shared.js';
import type { ModelReply } from './reply.js';
import { outputTokens } from './usage.js';

export const ANTHROPIC_CALL_PREFIX = 'toolu_';

export interface NamedEvent {
  event: string;
  data: Record<string, unknown>;
}

export function anthropicMessage(reply: ModelReply, conversation: Conversation, id: string): Record<string, unknown> {
  const content =
    reply.type === 'text'
      ? [{ type: 'text', text: reply.text }]
      : reply.calls.map((call) => ({ type: 'tool_use', id: ANTHROPIC_CALL_PREFIX + call.tag, name: call.name, input: call.arguments }));
  return {
    id,
    type: 'message',
    role: 'assistant',
    model: conversation.model,
    content,
    stop_reason: stopReason(reply),
    stop_sequence: null,
    usage: { input_tokens: conversation.inputTokens, output_tokens: outputTokens(reply) },
  };
}

export function anthropicEvents(reply: ModelReply, conversation: Conversation, id: string): NamedEvent[] {
  const event = (type: string, data: Record<string, unknown> = {}): NamedEvent => ({ event: type, data: { type, ...data } });
  const events = [
    event('message_start', {
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model: conversation.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: conversation.inputTokens, output_tokens: 1 },
      },
    }),
    event('ping'),
  ];
  if (reply.type === 'text') {
    events.push(event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }));
    for (const text of pieces(reply.text)) events.push(event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }));
    events.push(event('content_block_stop', { index: 0 }));
  } else {
    reply.calls.forEach((call, index) => {
      const block = { type: 'tool_use', id: ANTHROPIC_CALL_PREFIX + call.tag, name: call.name, input: {} };
      events.push(event('content_block_start', { index, content_block: block }));
      for (const partial_json of pieces(JSON.stringify(call.arguments)))
        events.push(event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } }));
      events.push(event('content_block_stop', { index }));
    });
  }
  events.push(event('message_delta', { delta: { stop_reason: stopReason(reply), stop_sequence: null }, usage: { output_tokens: outputTokens(reply) } }));
  events.push(event('message_stop'));
  return events;
}

export function anthropicError(status: number, message: string): Record<string, unknown> {
  return { type: 'error', error: { type: errorType(status), message } };
}

function stopReason(reply: ModelReply): string {
  return reply.type === 'text' ? 'end_turn' : 'tool_use';
}
