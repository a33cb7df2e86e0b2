/** Changes to the tools of a server: the set of tools, their schemas, annotations and texts. */
import { formatPath, type ContractChange } from './change.js';
import { diffJsonSchemas, type SchemaDirection } from './schema-diff.js';
import type { ToolAnnotationsSnapshot, ToolSnapshot } from './snapshot-types.js';
import { showValue, jsonEqual } from './canonical-json.js';
import { byKey } from './keyed.js';

export function diffTools(oldTools: ToolSnapshot[], newTools: ToolSnapshot[]): ContractChange[] {
  const changes: ContractChange[] = [];
  const newByName = byKey(newTools, (t) => t.name);
  const oldByName = byKey(oldTools, (t) => t.name);
  for (const oldTool of oldTools) {
    const newTool = newByName.get(oldTool.name);
    const subject = `tool ${oldTool.name}`;
    if (newTool === undefined) {
      changes.push({ kind: 'breaking', subject, path: formatPath(['tools', oldTool.name]), message: 'tool removed' });
    } else {
      for (const item of diffTool(oldTool, newTool)) changes.push(item);
    }
  }
  for (const newTool of newTools) {
    if (oldByName.has(newTool.name)) continue;
    const path = formatPath(['tools', newTool.name]);
    changes.push({ kind: 'compatible', subject: `tool ${newTool.name}`, path, message: 'tool added' });
  }
  return changes;
}

function diffTool(oldTool: ToolSnapshot, newTool: ToolSnapshot): ContractChange[] {
  const subject = `tool ${oldTool.name}`;
  const at = (...segments: (string | number)[]) => formatPath(['tools', oldTool.name, ...segments]);
  const changes: ContractChange[] = [];

  if (oldTool.title !== newTool.title) {
    changes.push({ kind: 'cosmetic', subject, path: at('title'), message: `title ${describeTextChange(oldTool.title, newTool.title)}` });
  }
  if (oldTool.descriptionHash !== newTool.descriptionHash) {
    const message =
      oldTool.descriptionHash === undefined ? 'description added' : newTool.descriptionHash === undefined ? 'description removed' : 'description changed';
    changes.push({ kind: 'cosmetic', subject, path: at('descriptionHash'), message });
  }

  const schemaChanges = (direction: SchemaDirection, keyword: 'inputSchema' | 'outputSchema') =>
    diffJsonSchemas(oldTool[keyword] ?? true, newTool[keyword] ?? true, direction).map(
      (change): ContractChange => ({ kind: change.kind, subject, path: at(keyword, ...change.path), message: change.message }),
    );
  for (const item of schemaChanges('input', 'inputSchema')) changes.push(item);
  if (oldTool.outputSchema === undefined && newTool.outputSchema !== undefined) {
    changes.push({ kind: 'compatible', subject, path: at('outputSchema'), message: 'output schema added (structured output now promised)' });
  } else if (oldTool.outputSchema !== undefined && newTool.outputSchema === undefined) {
    changes.push({ kind: 'breaking', subject, path: at('outputSchema'), message: 'output schema removed (structured output no longer promised)' });
  } else if (oldTool.outputSchema !== undefined) {
    for (const item of schemaChanges('output', 'outputSchema')) changes.push(item);
  }

  for (const item of diffAnnotations(oldTool.annotations ?? {}, newTool.annotations ?? {}, subject, (key) => at('annotations', key))) changes.push(item);
  return changes;
}

function describeTextChange(before: string | undefined, after: string | undefined): string {
  if (before === undefined) return `added (${showValue(after)})`;
  if (after === undefined) return `removed (was ${showValue(before)})`;
  return `changed from ${showValue(before)} to ${showValue(after)}`;
}

/** The hints with the spec's defaults applied (tools.mdx, ToolAnnotations). */
function effectiveHints(a: ToolAnnotationsSnapshot) {
  const readOnly = a.readOnlyHint ?? false;
  return {
    readOnly,
    // destructiveHint (default true) only means something when the tool is not read-only.
    destructive: !readOnly && (a.destructiveHint ?? true),
    // idempotentHint (default false) is compared only between tools that are not read-only.
    idempotent: a.idempotentHint ?? false,
    openWorld: a.openWorldHint ?? true,
  };
}

const HINT_KEYS = new Set(['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']);

/**
 * Hints are what hosts decide permissions and retries on, so a hint that got weaker is breaking:
 * a host that auto-approved a read-only tool, or retried an idempotent one, is now wrong.
 */
function diffAnnotations(before: ToolAnnotationsSnapshot, after: ToolAnnotationsSnapshot, subject: string, at: (key: string) => string): ContractChange[] {
  const changes: ContractChange[] = [];
  const push = (kind: ContractChange['kind'], key: string, message: string, security?: true) =>
    changes.push({ kind, subject, path: at(key), message, ...(security ? { security } : {}) });
  const was = effectiveHints(before);
  const is = effectiveHints(after);

  if (was.readOnly && !is.readOnly) {
    push('breaking', 'readOnlyHint', `read-only tool is no longer read-only${is.destructive ? ' and may be destructive' : ''}`, true);
  } else if (!was.readOnly && is.readOnly) {
    push('compatible', 'readOnlyHint', 'tool is now read-only');
  } else if (!is.readOnly) {
    if (!was.destructive && is.destructive) push('breaking', 'destructiveHint', 'non-destructive tool became destructive', true);
    if (was.destructive && !is.destructive) push('compatible', 'destructiveHint', 'tool is no longer destructive');
  }
  if (!is.readOnly && !was.readOnly) {
    if (was.idempotent && !is.idempotent) push('breaking', 'idempotentHint', 'tool is no longer idempotent (hosts may have retried it)');
    if (!was.idempotent && is.idempotent) push('compatible', 'idempotentHint', 'tool is now idempotent');
  }
  if (!was.openWorld && is.openWorld) push('breaking', 'openWorldHint', 'closed-world tool now reaches external entities (openWorldHint)', true);
  if (was.openWorld && !is.openWorld) push('compatible', 'openWorldHint', 'tool no longer reaches external entities (openWorldHint)');

  if (before.title !== after.title) push('cosmetic', 'title', `annotation title ${describeTextChange(before.title, after.title)}`);
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === 'title' || HINT_KEYS.has(key) || jsonEqual(before[key], after[key])) continue;
    push('compatible', key, `annotation ${key} changed: ${showValue(before[key])} -> ${showValue(after[key])}`);
  }
  return changes;
}
