/** One frame as one line of text: direction arrow, kind, HTTP facts, and the head of the raw text. */
import { oneLine } from '../wire/control-chars.js';
import type { Frame } from '../wire/trace.js';

export { oneLine };

const ARROW: Record<Frame['direction'], string> = { send: '→', receive: '←', local: '•' };

/** Frames shown per evidence item unless verbose; the JSON report always has them all. */
export const FRAMES_SHOWN = 6;
export const RAW_CHARS_SHOWN = 300;

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (+${text.length - max} chars)`;
}

export function frameLine(frame: Frame, maxRaw = RAW_CHARS_SHOWN): string {
  const parts = [ARROW[frame.direction], frame.kind];
  if (frame.http) {
    if (frame.direction === 'send') parts.push(frame.http.method);
    if (frame.http.status !== undefined) parts.push(`HTTP ${frame.http.status}`);
  }
  const raw = truncate(oneLine(frame.raw), maxRaw);
  if (raw) parts.push(raw);
  if (frame.parseError) parts.push(`(${oneLine(frame.parseError)})`);
  return parts.join(' ');
}
