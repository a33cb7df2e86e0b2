/**
 * Compares two JSON answers structurally: same types and the same keys at every level, arrays
 * of the same length compared element by element. Plain values are compared only where they
 * carry meaning (resultType, isError, content types, error codes…) unless `values` asks for all. `ignore` paths
 * (e.g. `result.content[*].text`, `result._meta`) are left out with everything below them.
 */
import { MAX_JSON_DEPTH } from '../wire/json-depth.js';

const MEANINGFUL_KEYS = new Set(['resultType', 'isError', 'type', 'code', 'mimeType', 'name', 'uri', 'uriTemplate', 'role', 'cacheScope']);

export interface StructuralOptions {
  ignore?: string[];
  /** Compare every plain value, not only the structure. */
  values?: boolean;
}

export function structuralDifferences(recorded: unknown, live: unknown, options: StructuralOptions = {}): string[] {
  const ignored = (options.ignore ?? []).map(pathPattern);
  const out: string[] = [];
  walk(recorded, live, '', out, ignored, options.values === true, 0);
  return out;
}

function walk(recorded: unknown, live: unknown, path: string, out: string[], ignored: RegExp[], values: boolean, depth: number): void {
  if (path && ignored.some((pattern) => pattern.test(path))) return;
  const at = path || '(root)';
  if (depth > MAX_JSON_DEPTH) {
    out.push(`${at}: nested deeper than ${MAX_JSON_DEPTH} levels, not compared`);
    return;
  }
  const kindA = kindOf(recorded);
  const kindB = kindOf(live);
  if (kindA !== kindB) {
    out.push(`${at}: was ${kindA}${describe(recorded)}, now ${kindB}${describe(live)}`);
    return;
  }
  if (kindA === 'array') {
    const a = recorded as unknown[];
    const b = live as unknown[];
    if (a.length !== b.length) out.push(`${at}: had ${a.length} items, now ${b.length}`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) walk(a[i], b[i], `${path}[${i}]`, out, ignored, values, depth + 1);
    return;
  }
  if (kindA === 'object') {
    const a = recorded as Record<string, unknown>;
    const b = live as Record<string, unknown>;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const child = path ? `${path}.${key}` : key;
      if (ignored.some((pattern) => pattern.test(child))) continue;
      if (!(key in b)) out.push(`${child}: missing now (was ${JSON.stringify(a[key])?.slice(0, 80)})`);
      else if (!(key in a)) out.push(`${child}: new (${JSON.stringify(b[key])?.slice(0, 80)})`);
      else walk(a[key], b[key], child, out, ignored, values, depth + 1);
    }
    return;
  }
  const key = path.replace(/.*[.[\]]/, '') || path;
  if ((values || MEANINGFUL_KEYS.has(key)) && recorded !== live) out.push(`${at}: was ${JSON.stringify(recorded)}, now ${JSON.stringify(live)}`);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function describe(value: unknown): string {
  return value === null || typeof value === 'object' ? '' : ` ${JSON.stringify(value)?.slice(0, 60)}`;
}

/** `result.content[*].text` matches `result.content[3].text` and everything below it. */
function pathPattern(path: string): RegExp {
  const body = path
    .split(/(\[\*\]|\*)/)
    .map((part) => (part === '[*]' ? '\\[\\d+\\]' : part === '*' ? '[^.[]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}(?:$|[.[])`);
}
