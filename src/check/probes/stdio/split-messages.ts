/**
 * Finds JSON-RPC messages a stdio server split over several lines (pretty-printed JSON, or a raw
 * newline inside a message): a run of stdout lines that are not messages by themselves but,
 * joined with the newlines between them, parse as one. Bounded: runs longer than MAX_RUN lines
 * and joins longer than MAX_CHARS are not tried.
 */
import type { Frame } from '../../../wire/trace.js';

const MAX_RUN = 500;
const MAX_CHARS = 1 << 20;

export interface SplitMessage {
  lines: Frame[];
  method?: string;
}

export function splitMessages(frames: readonly Frame[]): SplitMessage[] {
  const stdout = frames.filter((frame) => frame.direction === 'receive' && ['message', 'parse-error', 'pollution'].includes(frame.kind));
  const found: SplitMessage[] = [];
  let run: Frame[] = [];
  for (const frame of [...stdout, undefined]) {
    if (frame && frame.kind !== 'message') {
      run.push(frame);
      continue;
    }
    found.push(...inRun(run.slice(0, MAX_RUN)));
    run = [];
  }
  return found;
}

function inRun(run: Frame[]): SplitMessage[] {
  const found: SplitMessage[] = [];
  for (let start = 0; start < run.length; start++) {
    if (!/^\s*[{[]/.test(run[start]!.raw)) continue;
    let text = run[start]!.raw;
    for (let end = start + 1; end < run.length && text.length <= MAX_CHARS; end++) {
      text += `\n${run[end]!.raw}`;
      if (!/[}\]]\s*$/.test(run[end]!.raw)) continue;
      const message = parse(text);
      if (!message) continue;
      found.push({ lines: run.slice(start, end + 1), method: typeof message.method === 'string' ? message.method : undefined });
      start = end;
      break;
    }
  }
  return found;
}

function parse(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === 'object' && first !== null && (first as Record<string, unknown>).jsonrpc === '2.0' ? (first as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
