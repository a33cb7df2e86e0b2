/**
 * Values worth offering as tool arguments, mined from what a server returned: short strings and
 * numbers with the key they were found under (an `id`, a `uri`, a `name`) and where they came
 * from, e.g. `tools/call add_note result.structuredContent.id`. Pure: JSON in, values out, with a
 * budget so a huge answer costs a bounded walk.
 */
import { isObject } from '../../protocol/jsonrpc.js';

export interface MinedValue {
  /** The property name the value was under (for an array item, the array's name). */
  key: string;
  value: string | number;
  /** Where it was found, for the evidence: method, target and a path into the result. */
  from: string;
}

/** Nodes visited per answer: a 13 MB tools/call result must not be walked whole. */
const MAX_NODES = 2000;
const MAX_STRING = 200;
/** Keys whose values are protocol plumbing, never data a tool would take. */
const SKIPPED_KEYS = new Set([
  '_meta',
  'nextCursor',
  'requestState',
  'resultType',
  'ttl',
  'type',
  'mimeType',
  'isError',
  'annotations',
  'inputSchema',
  'outputSchema',
  'icons',
  'blob',
]);
const URI = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;
/** A text line that starts with a key-like token and a colon ("n1: Welcome"): the token is likely an id. */
const LEADING_KEY = /^\s*([A-Za-z0-9][\w.:/-]{0,63}?):\s+\S/;

/** Values of one answer's result (`from` names the request, e.g. `tools/call list_notes`). */
export function mineResult(method: string, params: Record<string, unknown>, result: unknown, from: string): MinedValue[] {
  const out: MinedValue[] = [];
  const budget = { nodes: MAX_NODES };
  if (method === 'completion/complete') {
    // A completion's values belong to the argument it completed.
    const argument = isObject(params.argument) && typeof params.argument.name === 'string' ? params.argument.name : 'value';
    const values = isObject(result) && isObject(result.completion) && Array.isArray(result.completion.values) ? result.completion.values : [];
    values.slice(0, 20).forEach((value, index) => {
      if (typeof value === 'string' && value.length <= MAX_STRING) out.push({ key: argument, value, from: `${from} result.completion.values[${index}]` });
    });
    return out;
  }
  walk(result, `${from} result`, '', out, budget);
  return out;
}

function walk(node: unknown, path: string, key: string, out: MinedValue[], budget: { nodes: number }): void {
  if (budget.nodes-- <= 0) return;
  if (typeof node === 'number' && Number.isFinite(node) && key) {
    out.push({ key, value: node, from: path });
    return;
  }
  if (typeof node === 'string') {
    mineString(node, path, key, out, budget);
    return;
  }
  if (Array.isArray(node)) {
    node.forEach((item, index) => walk(item, `${path}[${index}]`, key, out, budget));
    return;
  }
  if (!isObject(node)) return;
  for (const [name, value] of Object.entries(node)) {
    if (SKIPPED_KEYS.has(name)) continue;
    walk(value, `${path}.${name}`, name, out, budget);
  }
}

function mineString(text: string, path: string, key: string, out: MinedValue[], budget: { nodes: number }): void {
  const trimmed = text.trim();
  // Text content often carries JSON (a tool that returns its data as text).
  if (key === 'text' && /^[[{]/.test(trimmed) && trimmed.length <= 1 << 20) {
    try {
      walk(JSON.parse(trimmed), `${path} (JSON)`, '', out, budget);
      return;
    } catch {
      // not JSON: read as lines below
    }
  }
  if (key === 'text') {
    trimmed
      .split('\n')
      .slice(0, 50)
      .forEach((line, index) => {
        const match = LEADING_KEY.exec(line);
        if (match?.[1] && !URI.test(match[1])) out.push({ key: 'id', value: match[1], from: `${path} line ${index + 1}` });
      });
    return;
  }
  if (!key || trimmed.length === 0 || text.length > MAX_STRING || text.includes('\n')) return;
  out.push({ key, value: text, from: path });
  if (URI.test(text)) {
    // notes://notes/n1: the last segment is often the record's id.
    const last = text
      .replace(/[?#].*$/, '')
      .split('/')
      .filter(Boolean)
      .pop();
    if (last && last !== text && !last.includes(':')) out.push({ key: 'id', value: decodeSegment(last), from: `${path} (last path segment)` });
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
