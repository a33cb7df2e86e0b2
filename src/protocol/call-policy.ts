/**
 * Which tools mcpvet may call (check, fuzz). Calling a tool can change the world, so only tools the user
 * allowed (--allow-call globs, a --calls file of name -> arguments), or tools annotated both
 * readOnlyHint: true and openWorldHint: false: openWorldHint defaults to true (server/tools), and
 * a read-only tool that reaches the outside world (a web search, a paid API) is not ours to call.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { matchesAny } from '../wire/glob.js';
import { isObject } from './jsonrpc.js';
import { isSafeToCallUnasked } from './tool-hints.js';

/** Whether a tool may be called, and with which arguments (those of a --calls file). */
export type CallVerdict = { allowed: true; args?: Record<string, unknown> } | { allowed: false; reason: string };
export type CallPolicy = (tool: Record<string, unknown>) => CallVerdict;

export function loadCallsFile(file: string): Record<string, Record<string, unknown>> {
  let parsed: unknown;
  try {
    parsed = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    // One line: the YAML parser adds a code frame of the file (which may hold arguments not meant for a log).
    throw new Error(`cannot read --calls ${file}: ${(error as Error).message.split('\n')[0]?.replace(/:\s*$/, '')}`);
  }
  if (!isObject(parsed)) throw new Error(`--calls ${file} must map tool names to argument objects`);
  for (const [name, args] of Object.entries(parsed)) {
    if (args !== null && !isObject(args)) throw new Error(`--calls ${file}: arguments of "${name}" must be an object`);
  }
  return Object.fromEntries(Object.entries(parsed).map(([name, args]) => [name, (args ?? {}) as Record<string, unknown>]));
}

export function makeCallPolicy(allowGlobs: string[], calls: Record<string, Record<string, unknown>>): CallPolicy {
  return (tool) => {
    const name = String(tool.name);
    if (name in calls) return { allowed: true, args: calls[name] };
    if (matchesAny(name, allowGlobs)) return { allowed: true };
    const annotations = isObject(tool.annotations) ? tool.annotations : {};
    if (isSafeToCallUnasked(tool)) return { allowed: true };
    return {
      allowed: false,
      reason: `calling "${name}" is not allowed (${unsafeBecause(annotations)}): pass --allow-call '${name}' or list it in a --calls file (tools annotated readOnlyHint: true and openWorldHint: false are called without asking)`,
    };
  };
}

/** Why a tool's annotations do not make it safe to call unasked. */
function unsafeBecause(annotations: Record<string, unknown>): string {
  if (annotations.readOnlyHint !== true) return 'not annotated readOnlyHint: true';
  if (annotations.openWorldHint === undefined) return 'openWorldHint is absent, which means true';
  return 'annotated openWorldHint: true';
}
