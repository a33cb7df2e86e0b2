/** What a page shows of one frame: the method it belongs to, HTTP facts, pretty JSON and raw text, bounded. */
import type { Frame } from '../../wire/trace.js';
import type { TextBudget } from './budget.js';

export const ARROW: Record<Frame['direction'], string> = { send: '→', receive: '←', local: '•' };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON-RPC method a frame carries, if it is a request or notification. */
export function methodOf(frame: Frame): string | undefined {
  const message = frame.message;
  return isObject(message) && typeof message.method === 'string' ? message.method : undefined;
}

/** The JSON-RPC id of a frame's message, as a key (undefined when it has none). */
export function idKeyOf(frame: Frame): string | undefined {
  const message = frame.message;
  return isObject(message) && 'id' in message ? JSON.stringify(message.id) : undefined;
}

/** Pretty JSON of the message (bounded), when the frame parsed. */
export function prettyOf(frame: Frame, budget: TextBudget): string | undefined {
  if (frame.message === undefined) return undefined;
  let text: string;
  try {
    text = JSON.stringify(frame.message, null, 2) ?? '';
  } catch {
    return undefined;
  }
  return budget.take(text);
}
