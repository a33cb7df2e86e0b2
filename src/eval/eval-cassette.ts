/**
 * A saved eval: the server's tools, and per run the model's HTTP replies and the tool exchanges
 * (with their MCP frames), so `eval --replay` runs the same loop through the same provider code
 * with nothing live. Of the model's traffic only responses are kept (request bodies are rebuilt by
 * the replay; request headers carry keys).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { McpTool } from './tool-adapter.js';
import type { ToolExchange } from './tool-executor.js';

export interface ModelExchange {
  status: number;
  contentType: string;
  body: string;
  ms: number;
}

export interface RunRecording {
  task: string;
  model: string;
  variant?: string;
  run: number;
  replies: ModelExchange[];
  tools: ToolExchange[];
  wallMs: number;
}

export interface EvalCassette {
  format: 'mcpvet-eval-cassette';
  version: 1;
  target: string;
  /** Runs per task when it was saved (the replay reports the same). */
  runsPerTask: number;
  tools: McpTool[];
  runs: RunRecording[];
}

/** A model reply bigger than this is refused: a saved run must stay readable. */
export const MAX_MODEL_BODY_BYTES = 8 * 1024 * 1024;

const exchangeSchema = z.object({ status: z.number().int(), contentType: z.string(), body: z.string(), ms: z.number() });
const toolExchangeSchema = z.object({
  name: z.string(),
  arguments: z.unknown(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.string().optional(),
  ms: z.number(),
  // The call's frames, as the transcript shows them: a replay reports what the live run saw.
  frames: z
    .array(
      z.object({
        direction: z.enum(['send', 'receive']),
        at: z.number(),
        text: z.string(),
        cut: z.number().optional(),
        http: z.object({ method: z.string(), status: z.number().optional() }).optional(),
      }),
    )
    .optional(),
});
const cassetteSchema = z.object({
  format: z.literal('mcpvet-eval-cassette'),
  version: z.literal(1),
  target: z.string(),
  runsPerTask: z.number().int().min(1),
  tools: z.array(z.object({ name: z.string() }).passthrough()),
  runs: z.array(
    z.object({
      task: z.string(),
      model: z.string(),
      variant: z.string().optional(),
      run: z.number().int().min(0),
      replies: z.array(exchangeSchema),
      tools: z.array(toolExchangeSchema),
      wallMs: z.number(),
    }),
  ),
});

export class EvalCassetteError extends Error {}

export function loadEvalCassette(file: string): EvalCassette {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new EvalCassetteError(`${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new EvalCassetteError(`${file}: not JSON (an eval cassette is written by mcpvet eval --save)`);
  }
  const parsed = cassetteSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new EvalCassetteError(`${file}: not an eval cassette: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return parsed.data as EvalCassette;
}

export function runKey(run: { task: string; model: string; variant?: string; run: number }): string {
  return JSON.stringify([run.task, run.model, run.variant ?? '', run.run]);
}

/** Records what the provider library received; the recorded body is what it then reads. */
export function recordingFetch(into: ModelExchange[], onModelMs: (ms: number) => void): typeof fetch {
  return async (input, init) => {
    const started = performance.now();
    const response = await fetch(input, init);
    const body = await boundedText(response, init?.signal ?? undefined);
    const ms = Math.round(performance.now() - started);
    onModelMs(ms);
    const contentType = response.headers.get('content-type') ?? 'application/json';
    into.push({ status: response.status, contentType, body, ms });
    return new Response(body, { status: response.status, headers: { 'content-type': contentType } });
  };
}

/** Serves a run's recorded replies in order, whatever is asked. */
export function replayingFetch(exchanges: readonly ModelExchange[], onModelMs: (ms: number) => void): typeof fetch {
  let next = 0;
  return async () => {
    const recorded = exchanges[next++];
    if (recorded === undefined) throw new Error('the replayed run asked the model more often than the recording did');
    onModelMs(recorded.ms);
    return new Response(recorded.body, { status: recorded.status, headers: { 'content-type': recorded.contentType } });
  };
}

async function boundedText(response: Response, signal: AbortSignal | undefined): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    if (signal?.aborted) {
      await reader.cancel().catch(() => {});
      throw signal.reason;
    }
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_MODEL_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw new Error(`the model's reply exceeded ${MAX_MODEL_BODY_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
