/**
 * Where the model's tool calls go: the live MCP server, or a saved run's answers (replay). Either
 * way each call is recorded, so a saved run holds the server traffic it needs to replay.
 */
import type { McpClient } from '../client/types.js';
import { isPlainObject } from '../wire/json-pointer.js';
import { callFrames } from './transcript.js';
import type { TranscriptFrame } from './types.js';

export interface ToolExchange {
  name: string;
  arguments: unknown;
  /** The CallToolResult, when the server gave one. */
  result?: Record<string, unknown>;
  /** A protocol error or a failed call, in words. */
  error?: string;
  ms: number;
  /** The call's JSON-RPC frames, bounded; kept in a saved run so that a replay reports them too. */
  frames?: TranscriptFrame[];
}

export interface ToolExecutor {
  call(name: string, args: unknown): Promise<ToolExchange>;
}

/** Results bigger than this are cut in records (the model got them whole). */
const MAX_RECORDED_RESULT_BYTES = 64 * 1024;

export function liveExecutor(client: McpClient, timeoutMs: number): ToolExecutor {
  return {
    async call(name, args) {
      const started = performance.now();
      const outcome = await client
        .callTool(name, isPlainObject(args) ? args : {}, { timeoutMs })
        .catch((error: unknown) => ({ error: { message: (error as Error).message }, result: undefined }));
      const ms = Math.round(performance.now() - started);
      const frames = 'frames' in outcome ? { frames: callFrames(client.trace, outcome.frames, outcome.id) } : {};
      if (outcome.error) return { name, arguments: args, error: `the server answered an error: ${outcome.error.message}`, ms, ...frames };
      return { name, arguments: args, result: outcome.result, ms, ...frames };
    },
  };
}

/** Replays one run's recorded exchanges in order; a call the recording does not have is an error. */
export function replayExecutor(exchanges: readonly ToolExchange[]): ToolExecutor & { unused(): number } {
  let next = 0;
  return {
    async call(name, args) {
      const recorded = exchanges[next];
      if (recorded === undefined || recorded.name !== name || JSON.stringify(recorded.arguments) !== JSON.stringify(args))
        throw new ReplayDivergedError(
          `the replayed run called ${name}, but the recording has ${recorded ? recorded.name : 'no further call'} at call ${next + 1}`,
        );
      next++;
      return recorded;
    },
    unused: () => exchanges.length - next,
  };
}

export class ReplayDivergedError extends Error {}

/** The tool result as text for the model: text contents, else structuredContent as JSON. */
export function resultText(exchange: ToolExchange): string {
  if (exchange.error !== undefined) return exchange.error;
  const result = exchange.result ?? {};
  const content = Array.isArray(result.content) ? result.content : [];
  const parts = content.map((item: unknown) => {
    if (!isPlainObject(item)) return '';
    if (item.type === 'text' && typeof item.text === 'string') return item.text;
    if (item.type === 'resource' && isPlainObject(item.resource))
      return typeof item.resource.text === 'string' ? item.resource.text : `[resource ${String(item.resource.uri)}]`;
    if (item.type === 'resource_link') return `[resource ${String(item.uri)}]`;
    return `[${String(item.type)}]`;
  });
  const text = parts.filter(Boolean).join('\n');
  if (text === '' && result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
  return text;
}

/** The result as recorded in a run: whole when small, else cut with a note. */
export function recordedResult(result: Record<string, unknown> | undefined): { value?: unknown; bytes: number } {
  if (result === undefined) return { bytes: 0 };
  const json = JSON.stringify(result);
  const bytes = Buffer.byteLength(json);
  if (bytes <= MAX_RECORDED_RESULT_BYTES) return { value: result, bytes };
  return { value: { truncated: `${bytes} bytes, cut at ${MAX_RECORDED_RESULT_BYTES}`, start: json.slice(0, MAX_RECORDED_RESULT_BYTES) }, bytes };
}
