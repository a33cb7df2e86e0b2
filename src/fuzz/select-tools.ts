/**
 * Which tools fuzz may call: the call policy `check` uses (src/protocol/call-policy.ts): tools annotated readOnlyHint: true and openWorldHint: false, or allowed by
 * --allow-call globs or a --calls file. A tool asked for by name must exist and be allowed.
 */
import { makeCallPolicy } from '../protocol/call-policy.js';
import type { JsonObject } from '../protocol/jsonrpc.js';

export interface Selection {
  selected: JsonObject[];
  /** Tools left out, and why. */
  notes: string[];
}

/** The run cannot start as asked (an unknown tool, a tool not allowed, a bad regression file). */
export class FuzzUsageError extends Error {
  override name = 'FuzzUsageError';
}

export function selectTools(
  listed: JsonObject[],
  options: { tools: string[]; allowCall: string[]; calls: Record<string, Record<string, unknown>>; envelope: boolean },
): Selection {
  const policy = makeCallPolicy(options.allowCall, options.calls);
  if (options.tools.length > 0) {
    const selected: JsonObject[] = [];
    for (const name of new Set(options.tools)) {
      const tool = listed.find((candidate) => candidate.name === name);
      if (!tool) {
        const names = listed.map((candidate) => String(candidate.name));
        const shown = names.length > 0 ? names.slice(0, 20).join(', ') + (names.length > 20 ? ', …' : '') : 'no tools';
        throw new FuzzUsageError(`unknown tool "${name}" (the server lists ${shown})`);
      }
      const verdict = policy(tool);
      if (!verdict.allowed) throw new FuzzUsageError(verdict.reason);
      selected.push(tool);
    }
    return { selected, notes: [] };
  }
  const selected = listed.filter((tool) => policy(tool).allowed);
  const notes = listed
    .filter((tool) => !policy(tool).allowed)
    .map((tool) => `"${String(tool.name)}" was not fuzzed: calling it is not allowed (see --allow-call)`);
  if (selected.length === 0 && !options.envelope)
    throw new FuzzUsageError(
      'no tool may be called: none is annotated readOnlyHint: true and openWorldHint: false; name the ones to fuzz with --allow-call (or pass --envelope to fuzz messages only)',
    );
  return { selected, notes };
}
