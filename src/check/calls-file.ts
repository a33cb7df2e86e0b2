/**
 * Which tools a check may call. Calling a tool can change the world, so only tools the user
 * allowed (--allow-call globs, a --calls file of name -> arguments) or annotated readOnlyHint: true.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { isObject } from '../protocol/jsonrpc.js';
import { matchesAny } from './glob.js';
import type { CheckContext } from './types.js';

export type CallPolicy = CheckContext['callPolicy'];

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
    if (annotations.readOnlyHint === true) return { allowed: true };
    return { allowed: false, reason: `calling "${name}" is not allowed: pass --allow-call '${name}' or list it in a --calls file (tools annotated readOnlyHint: true are called without asking)` };
  };
}
