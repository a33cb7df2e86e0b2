/**
 * Server text shown on a terminal: control characters (ESC above all, so a server cannot clear
 * the screen or set the window title) become visible `\uXXXX` escapes.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

function escapeControl(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** One line: line breaks become `\n`, every other control character an escape. */
export function oneLine(text: string): string {
  return text.replace(/\r?\n/g, '\\n').replace(CONTROL, escapeControl);
}

/** Keeps line breaks, makes every other control character visible. */
export function printable(text: string): string {
  return text.split(/\r?\n/).map(oneLine).join('\n');
}

/** JSON text: JSON.stringify leaves C1 controls and U+2028/9 raw; their escapes are the same JSON value. */
export function jsonPrintable(json: string): string {
  return json.replace(/[\u007f-\u009f\u2028\u2029]/g, escapeControl);
}
