/** One frame as one line of text: direction arrow, kind, HTTP facts, and the head of the raw text. */
import type { Frame } from '../wire/trace.js';

const ARROW: Record<Frame['direction'], string> = { send: '→', receive: '←', local: '•' };

/** Frames shown per evidence item unless verbose; the JSON report always has them all. */
export const FRAMES_SHOWN = 6;
export const RAW_CHARS_SHOWN = 300;

/**
 * Control characters (including ESC, so a server cannot drive the terminal) become
 * visible escapes, and line breaks become `\n`, so a frame stays on one line.
 */
export function oneLine(text: string): string {
  return text
    .replace(/\r?\n/g, '\\n')
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

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
