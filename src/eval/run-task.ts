/**
 * One run of one task by one model: the AI SDK's tool loop, with every tool call sent to the MCP
 * server (or its recording) and timed, each model turn's tokens and time kept, and the run ended
 * by an answer, the turn limit, the token budget or the timeout.
 */
import type { LanguageModel, StepResult, ToolSet } from 'ai';
import type { AdaptedTools } from './tool-adapter.js';
import { type ToolExecutor, recordedResult, resultText } from './tool-executor.js';
import { framesSize, MAX_RUN_CHARS, messageSize, sentMessages, withinRunBudget } from './transcript.js';
import type { EvalSettings, EvalTask, RunRecord, ToolCallRecord, TranscriptMessage, TurnRecord } from './types.js';

export interface RunTaskInput {
  task: EvalTask;
  settings: EvalSettings;
  model: LanguageModel;
  modelSpec: string;
  variant?: string;
  run: number;
  tools: AdaptedTools;
  executor: ToolExecutor;
  /** Validates arguments against a tool's inputSchema (by MCP name); absent = not checked. */
  validArguments: (tool: string, args: unknown) => boolean | undefined;
  /** Model time the provider fetch measured since the last call (recording.ts feeds it). */
  takeModelMs: () => number;
  signal?: AbortSignal;
}

export async function runTask(input: RunTaskInput): Promise<RunRecord> {
  const { generateText, jsonSchema, stepCountIs, tool } = await import('ai');
  const { task, settings } = input;
  const maxTurns = task.maxTurns ?? settings.maxTurns;
  const started = performance.now();
  const calls = new Map<string, ToolCallRecord>();
  const turns: TurnRecord[] = [];
  let tokens = 0;
  // Each step's messages hold the whole conversation so far (after the prompt): the last step's is all of it.
  let responseMessages: ReadonlyArray<{ role: string; content: unknown }> = [];

  // The SDK turns an error thrown by a tool into a tool result and goes on; an executor error
  // (a replay that diverged from its recording) must end the run instead.
  let executorFailure: unknown;
  const stop = new AbortController();
  const toolSet: ToolSet = {};
  for (const adapted of input.tools.tools) {
    toolSet[adapted.name] = tool({
      description: adapted.description,
      inputSchema: jsonSchema(adapted.parameters as Parameters<typeof jsonSchema>[0]),
      execute: async (args: unknown, { toolCallId }: { toolCallId: string }) => {
        const exchange = await input.executor.call(adapted.tool.name, args).catch((error: unknown) => {
          executorFailure ??= error;
          stop.abort();
          throw error;
        });
        const recorded = recordedResult(exchange.result);
        calls.set(toolCallId, {
          name: adapted.tool.name,
          calledAs: adapted.name,
          arguments: args,
          invalidArguments: input.validArguments(adapted.tool.name, args) === false,
          isError: exchange.error !== undefined || exchange.result?.isError === true,
          ...(exchange.error !== undefined ? { error: exchange.error } : {}),
          resultBytes: recorded.bytes,
          result: recorded.value,
          ms: exchange.ms,
          ...(exchange.frames !== undefined ? { frames: exchange.frames } : {}),
        });
        return resultText(exchange);
      },
    });
  }

  const onStepFinish = (step: StepResult<ToolSet>) => {
    const inputTokens = step.usage.inputTokens ?? 0;
    const outputTokens = step.usage.outputTokens ?? 0;
    tokens += inputTokens + outputTokens;
    responseMessages = step.response.messages;
    turns.push({
      text: step.text,
      toolCalls: step.toolCalls.map((call) => calls.get(call.toolCallId) ?? refusedCall(call, input.tools)),
      inputTokens,
      outputTokens,
      modelMs: input.takeModelMs(),
      finishReason: step.finishReason,
    });
  };
  const overBudget = () => settings.tokenBudget !== undefined && tokens > settings.tokenBudget;

  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const signal = AbortSignal.any([...(input.signal ? [input.signal] : []), timeout, stop.signal]);
  let answer = '';
  let error: string | undefined;
  try {
    const result = await generateText({
      model: input.model,
      ...(settings.systemPrompt !== undefined ? { system: settings.systemPrompt } : {}),
      prompt: task.prompt,
      tools: toolSet,
      stopWhen: [stepCountIs(maxTurns), overBudget],
      ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
      abortSignal: signal,
      onStepFinish,
    });
    if (executorFailure !== undefined) throw executorFailure;
    answer = result.text;
    if (result.finishReason === 'tool-calls')
      error = overBudget() ? `token budget of ${settings.tokenBudget} exceeded (${tokens} tokens)` : `no answer within ${maxTurns} turns`;
  } catch (caught) {
    if (executorFailure !== undefined) throw executorFailure;
    if (!timeout.aborted && !input.signal?.aborted && isFatal(caught))
      throw new ModelUnusableError(`model ${input.modelSpec}: ${describeError(lastError(caught))}`);
    error = timeout.aborted ? `timed out after ${settings.timeoutMs} ms` : input.signal?.aborted ? 'cancelled' : describeError(caught);
  }

  const toolCalls = turns.flatMap((turn) => turn.toolCalls);
  const transcript = boundTranscript(sentMessages(settings.systemPrompt, task.prompt, responseMessages), toolCalls);
  const modelMs = turns.reduce((sum, turn) => sum + turn.modelMs, 0);
  return {
    task: task.id,
    model: input.modelSpec,
    ...(input.variant !== undefined ? { variant: input.variant } : {}),
    run: input.run,
    passed: false,
    reasons: [],
    answer,
    turns,
    inputTokens: turns.reduce((sum, turn) => sum + turn.inputTokens, 0),
    outputTokens: turns.reduce((sum, turn) => sum + turn.outputTokens, 0),
    modelMs,
    mcpMs: toolCalls.reduce((sum, call) => sum + call.ms, 0),
    wallMs: Math.round(performance.now() - started),
    messages: transcript.messages,
    ...(transcript.cut !== undefined ? { transcriptCut: transcript.cut } : {}),
    ...(error !== undefined ? { error } : {}),
  };
}

/** The per-run caps: messages and frames each up to MAX_RUN_CHARS, the rest named in `cut`. */
function boundTranscript(messages: TranscriptMessage[], calls: ToolCallRecord[]): { messages: TranscriptMessage[]; cut?: string } {
  const keptMessages = withinRunBudget(messages, messageSize);
  const withFrames = calls.filter((call) => call.frames !== undefined);
  const keptFrames = withinRunBudget(withFrames, (call) => framesSize(call.frames));
  for (const call of withFrames.slice(keptFrames.kept.length)) delete call.frames;
  const said = [
    ...(keptMessages.dropped > 0 ? [`the last ${keptMessages.dropped} message(s)`] : []),
    ...(keptFrames.dropped > 0 ? [`the frames of the last ${keptFrames.dropped} tool call(s)`] : []),
  ];
  return {
    messages: keptMessages.kept,
    ...(said.length > 0 ? { cut: `${said.join(' and ')} not kept: a run's transcript keeps at most ${MAX_RUN_CHARS} characters of each` } : {}),
  };
}

/** A call the SDK refused before it reached a tool: a name the model made up, or unparsable arguments. */
function refusedCall(call: { toolName: string; input: unknown; error?: unknown }, tools: AdaptedTools): ToolCallRecord {
  const known = tools.byProviderName.get(call.toolName);
  return {
    name: known?.tool.name ?? '',
    calledAs: call.toolName,
    arguments: call.input,
    invalidArguments: known !== undefined,
    isError: true,
    error: known ? 'the arguments are not a JSON object the tool takes' : `no tool is named "${call.toolName}"`,
    resultBytes: 0,
    ms: 0,
  };
}

/** The model cannot be used at all (bad key, unknown model, nothing listening): every run would fail alike. */
export class ModelUnusableError extends Error {}

const FATAL_STATUSES = new Set([401, 403, 404]);

function isFatal(error: unknown): boolean {
  const last = lastError(error) as { statusCode?: number; message?: string; cause?: { code?: string } };
  if (last.statusCode !== undefined) return FATAL_STATUSES.has(last.statusCode);
  const code = last.cause?.code ?? '';
  return ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'].includes(code) || /ECONNREFUSED|ENOTFOUND|Cannot connect to API/.test(last.message ?? '');
}

/** The SDK retries, then throws a RetryError holding the last attempt's error. */
function lastError(error: unknown): unknown {
  return (error as { lastError?: unknown }).lastError ?? error;
}

/** Provider errors in one line: the status and the provider's message, never request headers. */
export function describeError(error: unknown): string {
  const status = (error as { statusCode?: number }).statusCode;
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split('\n')[0]!.slice(0, 300);
  return status !== undefined ? `the model API answered ${status}: ${line}` : line;
}
