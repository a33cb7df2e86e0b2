/** Model and server text quoted in a reason: one line, clipped, so a reason stays one readable line. */
import { oneLine } from '../wire/control-chars.js';

export function excerpt(text: string, max = 120): string {
  const flat = oneLine(text);
  return JSON.stringify(flat.length <= max ? flat : `${flat.slice(0, max)}…`);
}

/** A JSON value quoted in a reason (strings quoted, others as JSON), clipped. */
export function valueExcerpt(value: unknown, max = 80): string {
  if (typeof value === 'string') return excerpt(value, max);
  let json: string;
  try {
    json = JSON.stringify(value) ?? String(value);
  } catch {
    json = String(value);
  }
  const flat = oneLine(json);
  return flat.length <= max ? flat : `${flat.slice(0, max)}…`;
}
