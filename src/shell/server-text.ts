/** Text a server sent, for one line of the terminal: control characters escaped, clipped. */
import { oneLine } from '../wire/control-chars.js';

export function serverText(value: unknown, max = 500): string {
  const text = oneLine(typeof value === 'string' ? value : JSON.stringify(value ?? ''));
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
