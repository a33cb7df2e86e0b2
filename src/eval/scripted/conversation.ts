/**
 * A protocol-neutral view of one model request, all the scripted model decides from: the task
 * (first user message), the turn, the tools offered, the last tool result, and the ids of the
 * tool calls made so far (which carry the conversation's rule and outcome, see call-ids.ts).
 */
import { isObject } from '../../protocol/jsonrpc.js';
import { estimateTokens } from './usage.js';

export interface ToolView {
  name: string;
  description: string;
  /** The JSON Schema of the arguments ({} when the request gave none). */
  parameters: Record<string, unknown>;
}

export interface Conversation {
  /** Text of the first user message (the system prompt is not part of it). */
  firstUserText: string;
  /** Assistant messages so far. */
  turn: number;
  tools: ToolView[];
  /** Text of the last tool result, if any came back. */
  lastToolResult: string | undefined;
  /** Ids of the tool calls in the assistant messages so far, in order. */
  toolCallIds: string[];
  model: string;
  stream: boolean;
  /** ceil(characters / 4) of the messages (with the system prompt) and tools, as JSON. */
  inputTokens: number;
}

/** The view of an OpenAI chat-completions body, or why it is not one. */
export function readOpenAIRequest(body: unknown): Conversation | string {
  if (!isObject(body)) return 'the body must be a JSON object';
  if (!Array.isArray(body.messages) || body.messages.length === 0) return '"messages" must be a non-empty array';
  if (body.tools !== undefined && !Array.isArray(body.tools)) return '"tools" must be an array';
  const messages = body.messages.filter(isObject);
  const firstUser = messages.find((message) => message.role === 'user');
  const toolResults = messages.filter((message) => message.role === 'tool');
  const assistants = messages.filter((message) => message.role === 'assistant');
  const tools = ((body.tools ?? []) as unknown[]).filter(isObject).map((tool) => {
    const fn = isObject(tool.function) ? tool.function : {};
    return toolView(fn.name, fn.description, fn.parameters);
  });
  return {
    firstUserText: firstUser ? textOf(firstUser.content) : '',
    turn: assistants.length,
    tools,
    lastToolResult: toolResults.length > 0 ? textOf(toolResults[toolResults.length - 1]?.content) : undefined,
    toolCallIds: assistants.flatMap((message) => (Array.isArray(message.tool_calls) ? message.tool_calls.filter(isObject).map((call) => String(call.id)) : [])),
    model: typeof body.model === 'string' ? body.model : 'scripted',
    stream: body.stream === true,
    inputTokens: estimateTokens(JSON.stringify({ messages: body.messages, tools: body.tools ?? [] })),
  };
}

/** The view of an Anthropic Messages body, or why it is not one. */
export function readAnthropicRequest(body: unknown): Conversation | string {
  if (!isObject(body)) return 'the body must be a JSON object';
  if (!Array.isArray(body.messages) || body.messages.length === 0) return '"messages" must be a non-empty array';
  if (body.tools !== undefined && !Array.isArray(body.tools)) return '"tools" must be an array';
  const messages = body.messages.filter(isObject);
  const firstUser = messages.find((message) => message.role === 'user');
  const assistants = messages.filter((message) => message.role === 'assistant');
  const blocksOf = (message: Record<string, unknown>) => (Array.isArray(message.content) ? message.content.filter(isObject) : []);
  const toolResults = messages
    .filter((message) => message.role === 'user')
    .flatMap((message) => blocksOf(message).filter((block) => block.type === 'tool_result'));
  const tools = ((body.tools ?? []) as unknown[]).filter(isObject).map((tool) => toolView(tool.name, tool.description, tool.input_schema));
  return {
    // A user message carries tool results as blocks too: only its text blocks are the task.
    firstUserText: firstUser ? textOf(Array.isArray(firstUser.content) ? blocksOf(firstUser).filter((block) => block.type === 'text') : firstUser.content) : '',
    turn: assistants.length,
    tools,
    lastToolResult: toolResults.length > 0 ? textOf(toolResults[toolResults.length - 1]?.content) : undefined,
    toolCallIds: assistants.flatMap((message) =>
      blocksOf(message)
        .filter((block) => block.type === 'tool_use')
        .map((block) => String(block.id)),
    ),
    model: typeof body.model === 'string' ? body.model : 'scripted',
    stream: body.stream === true,
    inputTokens: estimateTokens(JSON.stringify({ system: body.system ?? null, messages: body.messages, tools: body.tools ?? [] })),
  };
}

function toolView(name: unknown, description: unknown, parameters: unknown): ToolView {
  return {
    name: typeof name === 'string' ? name : '',
    description: typeof description === 'string' ? description : '',
    parameters: isObject(parameters) ? parameters : {},
  };
}

/** A content as text: a string, or the text of its text parts joined by newlines. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter(isObject)
    .filter((part) => typeof part.text === 'string')
    .map((part) => part.text as string)
    .join('\n');
}
