/**
 * Every `_meta` key the server emits follows the key syntax (basic/index "_meta"): an optional
 * prefix of dot-separated labels (each starts with a letter, ends with a letter or digit,
 * hyphens inside) ending in `/`, then a name that starts and ends with an alphanumeric, with
 * `-`, `_` and `.` inside. A prefix whose second label is `modelcontextprotocol` or `mcp` is
 * reserved: only keys the spec defines may use it. Judges every `_meta` object, at any depth, of
 * every server message in the run, after listing what the server declares. In 2026-07-28 the
 * extension identifiers a server declares (`capabilities.extensions`) follow the same syntax, and
 * must have the prefix (basic/versioning#extension-negotiation, LIFE-18); official extensions live
 * under the reserved prefix, so it is not held against them.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { META } from '../../../protocol/meta.js';
import { defineCheck, pass } from '../../define.js';
import type { CheckContext } from '../../types.js';
import { serverMessages, traceProblems, type TraceProblem } from '../../probes/mrtr/trace-scan.js';

const LABEL = '[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const KEY = new RegExp(`^(?:(${LABEL}(?:\\.${LABEL})*)/)?([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$`);
/** Keys under a reserved prefix that a revision defines (the tasks extension's included). */
const DEFINED = new Set<string>([
  ...Object.values(META),
  'io.modelcontextprotocol/tasks',
  'io.modelcontextprotocol/related-task',
  'io.modelcontextprotocol/model-immediate-response',
]);

export default defineCheck({
  id: 'protocol.meta-key-syntax',
  title: '_meta keys follow the key syntax and respect the reserved prefixes',
  suite: 'protocol',
  requirements: ['BASE-18', 'LIFE-18'],
  spec: 'basic/index#_meta',
  final: true,
  async run(ctx) {
    await listDeclared(ctx);
    const problems: TraceProblem[] = [];
    let keys = 0;
    // A result shared by several answers (the same list on every connection) is judged once.
    const judged = new WeakSet<object>();
    for (const trace of ctx.traces()) {
      for (const { frame, message, method } of serverMessages(trace)) {
        const shared = isObject(message.result) ? message.result : undefined;
        if (shared && judged.has(shared)) continue;
        if (shared) judged.add(shared);
        for (const { path, key } of metaKeys(message)) {
          keys++;
          const problem = keyProblem(key);
          if (problem) problems.push({ frame, text: `${method ?? String(message.method ?? 'a message')}: ${path}/${JSON.stringify(key)} ${problem}` });
        }
      }
    }
    const extensions = ctx.era === 'modern' ? extensionIdProblems(ctx) : { ids: 0, problems: [] };
    const findings = [
      ...(problems.length > 0 ? [{ ...traceProblems('invalid-meta-key', problems), requirement: 'BASE-18' }] : []),
      ...(extensions.problems.length > 0 ? [{ ...traceProblems('invalid-extension-id', extensions.problems), requirement: 'LIFE-18' }] : []),
    ];
    if (findings.length > 0) return findings;
    const declared = extensions.ids > 0 ? `, and ${extensions.ids} declared extension identifiers too` : '';
    return pass(`${keys} _meta keys in server messages follow the key syntax${declared}`);
  },
});

/** Extension identifiers in the capabilities of every discover result of the run. */
function extensionIdProblems(ctx: CheckContext): { ids: number; problems: TraceProblem[] } {
  const problems: TraceProblem[] = [];
  const seen = new Set<string>();
  for (const trace of ctx.traces()) {
    for (const { frame, message } of serverMessages(trace)) {
      const result = isObject(message.result) ? message.result : undefined;
      const extensions = result && isObject(result.capabilities) && isObject(result.capabilities.extensions) ? result.capabilities.extensions : undefined;
      for (const id of Object.keys(extensions ?? {})) {
        if (seen.has(id)) continue;
        seen.add(id);
        const match = KEY.exec(id);
        if (!match) problems.push({ frame, text: `extension identifier ${JSON.stringify(id)} breaks the _meta key syntax` });
        else if (!match[1]) problems.push({ frame, text: `extension identifier ${JSON.stringify(id)} has no prefix (e.g. com.example/${id})` });
        else if (!match[2]) problems.push({ frame, text: `extension identifier ${JSON.stringify(id)} has no name after its prefix` });
      }
    }
  }
  return { ids: seen.size, problems };
}

export function keyProblem(key: string): string | undefined {
  const match = KEY.exec(key);
  if (!match)
    return 'breaks the _meta key syntax (prefix labels start with a letter and end with a letter or digit; the name starts and ends with a letter or digit)';
  const labels = match[1]?.split('.') ?? [];
  const reserved = labels[1] === 'modelcontextprotocol' || labels[1] === 'mcp';
  if (reserved && !DEFINED.has(key)) return `uses the reserved prefix ${match[1]}/ for a key the spec does not define`;
  return undefined;
}

/** Every key of every `_meta` object inside `value`, with the JSON pointer of its object. */
function metaKeys(value: unknown): { path: string; key: string }[] {
  const found: { path: string; key: string }[] = [];
  collectMetaKeys(value, [], 0, found);
  return found;
}

/** Depth-first; the path is built only where a `_meta` is found (building it for every node cost seconds on large lists). */
function collectMetaKeys(value: unknown, parts: string[], depth: number, found: { path: string; key: string }[]): void {
  if (depth > 32 || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      if (typeof item !== 'object' || item === null) continue;
      parts.push(String(index));
      collectMetaKeys(item, parts, depth + 1, found);
      parts.pop();
    }
    return;
  }
  for (const [name, child] of Object.entries(value)) {
    if (name === '_meta' && isObject(child)) {
      const path = parts.map((part) => `/${part}`).join('');
      for (const key of Object.keys(child)) found.push({ path: `${path}/_meta`, key });
    }
    if (typeof child !== 'object' || child === null) continue;
    parts.push(name);
    collectMetaKeys(child, parts, depth + 1, found);
    parts.pop();
  }
}

async function listDeclared(ctx: CheckContext): Promise<void> {
  const declared = ctx.client.serverCapabilities;
  if (isObject(declared.tools)) await ctx.client.listAll('tools/list').catch(() => undefined);
  if (isObject(declared.resources)) await ctx.client.listAll('resources/list').catch(() => undefined);
  if (isObject(declared.prompts)) await ctx.client.listAll('prompts/list').catch(() => undefined);
}
