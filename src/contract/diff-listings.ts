/** Changes to resources, resource templates and prompts. */
import { formatPath, type ContractChange } from './change.js';
import { showValue } from './canonical-json.js';
import { byKey } from './keyed.js';
import type { PromptSnapshot, ResourceSnapshot, ResourceTemplateSnapshot } from './snapshot-types.js';

interface Listed {
  name: string;
  title?: string;
  mimeType?: string;
}

/** Added/removed by key, then name, title and mimeType of those in both. */
function diffListed<T extends Listed>(collection: string, noun: string, before: T[], after: T[], keyOf: (item: T) => string): ContractChange[] {
  const changes: ContractChange[] = [];
  const afterByKey = byKey(after, keyOf);
  const beforeByKey = byKey(before, keyOf);
  for (const old of before) {
    const key = keyOf(old);
    const subject = `${noun} ${key}`;
    const at = (...segments: string[]) => formatPath([collection, key, ...segments]);
    const current = afterByKey.get(key);
    if (current === undefined) {
      changes.push({ kind: 'breaking', subject, path: at(), message: `${noun} removed` });
      continue;
    }
    if (old.name !== current.name)
      changes.push({ kind: 'cosmetic', subject, path: at('name'), message: `name changed from ${showValue(old.name)} to ${showValue(current.name)}` });
    if (old.title !== current.title)
      changes.push({ kind: 'cosmetic', subject, path: at('title'), message: `title changed from ${showValue(old.title)} to ${showValue(current.title)}` });
    if (old.mimeType !== current.mimeType) {
      // A different type means readers parse the contents differently; declaring or dropping one does not.
      const kind = old.mimeType !== undefined && current.mimeType !== undefined ? 'breaking' : 'compatible';
      const message = `mimeType changed from ${showValue(old.mimeType)} to ${showValue(current.mimeType)}`;
      changes.push({ kind, subject, path: at('mimeType'), message });
    }
  }
  for (const added of after) {
    const key = keyOf(added);
    if (beforeByKey.has(key)) continue;
    changes.push({ kind: 'compatible', subject: `${noun} ${key}`, path: formatPath([collection, key]), message: `${noun} added` });
  }
  return changes;
}

export function diffResources(before: ResourceSnapshot[], after: ResourceSnapshot[]): ContractChange[] {
  return diffListed('resources', 'resource', before, after, (r) => r.uri);
}

export function diffResourceTemplates(before: ResourceTemplateSnapshot[], after: ResourceTemplateSnapshot[]): ContractChange[] {
  return diffListed('resourceTemplates', 'resource template', before, after, (t) => t.uriTemplate);
}

export function diffPrompts(before: PromptSnapshot[], after: PromptSnapshot[]): ContractChange[] {
  const changes = diffListed('prompts', 'prompt', before, after, (p) => p.name);
  const afterByName = byKey(after, (p) => p.name);
  for (const old of before) {
    const current = afterByName.get(old.name);
    if (current !== undefined) for (const item of diffPromptArguments(old, current)) changes.push(item);
  }
  return changes;
}

function diffPromptArguments(before: PromptSnapshot, after: PromptSnapshot): ContractChange[] {
  const changes: ContractChange[] = [];
  const subject = `prompt ${before.name}`;
  const at = (argument: string, ...rest: string[]) => formatPath(['prompts', before.name, 'arguments', argument, ...rest]);
  const afterArgs = byKey(after.arguments, (a) => a.name);
  const beforeArgs = byKey(before.arguments, (a) => a.name);
  for (const arg of before.arguments) {
    const current = afterArgs.get(arg.name);
    if (current === undefined) {
      changes.push({ kind: 'breaking', subject, path: at(arg.name), message: `argument '${arg.name}' removed` });
    } else if (!arg.required && current.required) {
      changes.push({ kind: 'breaking', subject, path: at(arg.name, 'required'), message: `argument '${arg.name}' is now required` });
    } else if (arg.required && !current.required) {
      changes.push({ kind: 'compatible', subject, path: at(arg.name, 'required'), message: `argument '${arg.name}' is now optional` });
    }
  }
  for (const arg of after.arguments) {
    if (beforeArgs.has(arg.name)) continue;
    changes.push(
      arg.required
        ? { kind: 'breaking', subject, path: at(arg.name), message: `new required argument '${arg.name}'` }
        : { kind: 'compatible', subject, path: at(arg.name), message: `new optional argument '${arg.name}'` },
    );
  }
  return changes;
}
