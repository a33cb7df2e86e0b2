/**
 * The parts of a run's transcript that the turns do not hold: the messages as the model was sent
 * them (system prompt, task, tool results as text), and each tool call's JSON-RPC frames as they
 * crossed the wire. Both are bounded, per item and per run, with a marker saying what was cut, so
 * a chatty run cannot bloat the report. Secrets are masked where the whole report is (the CLI).
 */
import { redactText } from '../report/redact.js';
import type { Frame, Trace } from '../wire/trace.js';
import type { TranscriptFrame, TranscriptMessage } from './types.js';

export const MAX_FRAME_CHARS = 8 * 1024;
export const MAX_FRAMES_PER_CALL = 20;
export const MAX_MESSAGE_CHARS = 16 * 1024;
/** Per run, for the messages and for the frames each. */
export const MAX_RUN_CHARS = 128 * 1024;

/**
 * The frames of one tools/call: those carrying its JSON-RPC id, and over HTTP the other frames of
 * the same HTTP exchanges (202s, bodies that were not JSON). Other runs' calls on the shared
 * connection interleave in the seq range and are left out.
 */
export function callFrames(trace: Trace, range: { from: number; to: number }, id: string | number): TranscriptFrame[] {
  const inRange = trace.range(range.from, range.to).filter((frame) => frame.direction !== 'local');
  const own = inRange.filter((frame) => (frame.message as { id?: unknown } | undefined)?.id === id);
  const exchanges = new Set(own.flatMap((frame) => (frame.http ? [frame.http.exchange] : [])));
  const owned = new Set(own);
  const frames = inRange.filter((frame) => owned.has(frame) || (frame.http !== undefined && exchanges.has(frame.http.exchange)));
  const start = frames[0]?.time ?? 0;
  return frames.slice(0, MAX_FRAMES_PER_CALL).map((frame) => transcriptFrame(frame, start));
}

function transcriptFrame(frame: Frame, start: number): TranscriptFrame {
  // Masked before it is cut: a secret cut in half would no longer match the redactor's literals.
  const masked = redactText(frame.raw);
  const text = masked.slice(0, MAX_FRAME_CHARS);
  const cut = (frame.size ?? frame.raw.length) - frame.raw.length + masked.length - text.length;
  return {
    direction: frame.direction as 'send' | 'receive',
    at: Math.round((frame.time - start) * 10) / 10,
    text,
    ...(cut > 0 ? { cut } : {}),
    ...(frame.http ? { http: { method: frame.http.method, ...(frame.http.status !== undefined ? { status: frame.http.status } : {}) } } : {}),
  };
}

interface SdkMessage {
  role: string;
  content: unknown;
}

/** The conversation: system prompt, task, then the SDK's response messages (replies and tool results, as sent). */
export function sentMessages(system: string | undefined, prompt: string, responseMessages: readonly SdkMessage[]): TranscriptMessage[] {
  const messages: SdkMessage[] = [
    ...(system !== undefined ? [{ role: 'system', content: system }] : []),
    { role: 'user', content: prompt },
    ...responseMessages,
  ];
  return messages.map((message) => capMessage({ role: message.role, content: plainContent(message.content) }));
}

/** Only what was sent: the SDK adds provider options and metadata that are not the conversation. */
function plainContent(content: unknown): unknown {
  if (!Array.isArray(content)) return content;
  return content.map((part: Record<string, unknown>) => {
    const { providerOptions: _options, providerMetadata: _metadata, ...rest } = part;
    return rest;
  });
}

function capMessage(message: TranscriptMessage): TranscriptMessage {
  const json = typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
  if (json.length <= MAX_MESSAGE_CHARS) return message;
  const masked = redactText(json);
  if (masked.length <= MAX_MESSAGE_CHARS) return { role: message.role, content: masked };
  return { role: message.role, content: masked.slice(0, MAX_MESSAGE_CHARS), cut: masked.length - MAX_MESSAGE_CHARS };
}

/** Keeps items in order while their sizes fit in MAX_RUN_CHARS; says how many were left out. */
export function withinRunBudget<T>(items: readonly T[], size: (item: T) => number): { kept: T[]; dropped: number } {
  let used = 0;
  let kept = 0;
  for (const item of items) {
    used += size(item);
    if (used > MAX_RUN_CHARS) break;
    kept++;
  }
  return { kept: items.slice(0, kept), dropped: items.length - kept };
}

export const messageSize = (message: TranscriptMessage): number =>
  typeof message.content === 'string' ? message.content.length : JSON.stringify(message.content).length;
export const framesSize = (frames: readonly TranscriptFrame[] | undefined): number => (frames ?? []).reduce((sum, frame) => sum + frame.text.length, 0);
