/**
 * Tab completion from the server's own lists: command names, then tool, prompt and resource
 * names, then argument names (`key=`) from a tool's inputSchema or a prompt's arguments, and the
 * values of an enum or boolean argument.
 */
import type { JsonObject } from '../client/types.js';
import { isObject } from '../protocol/jsonrpc.js';
import type { ListMethod } from '../protocol/lists.js';

export interface CompletionSource {
  commands: readonly string[];
  list(method: ListMethod): Promise<JsonObject[]>;
}

/** readline's completer result: the candidates and the part of the line they replace. */
export type Completion = [string[], string];

export async function completeLine(line: string, source: CompletionSource): Promise<Completion> {
  const words = line.trimStart().split(/\s+/);
  const partial = words[words.length - 1] ?? '';
  const before = words.slice(0, -1);
  const matching = (candidates: string[], suffix = '') =>
    [
      candidates
        .filter((candidate) => candidate.startsWith(partial))
        .map((candidate) => candidate + suffix)
        .sort(),
      partial,
    ] as Completion;
  if (before.length === 0) return matching([...source.commands], ' ');
  const [command, name] = before;
  switch (command) {
    case 'help':
      return before.length === 1 ? matching([...source.commands]) : [[], partial];
    case 'call':
    case 'tools': {
      const tools = await source.list('tools/list');
      if (before.length === 1) return matching(namesOf(tools), command === 'call' ? ' ' : '');
      if (command === 'tools') return [[], partial];
      const tool = tools.find((candidate) => candidate.name === name);
      return argumentCompletion(partial, before.slice(2), schemaArguments(tool));
    }
    case 'prompt':
    case 'prompts': {
      const prompts = await source.list('prompts/list');
      if (before.length === 1) return matching(namesOf(prompts), command === 'prompt' ? ' ' : '');
      if (command === 'prompts') return [[], partial];
      return argumentCompletion(partial, before.slice(2), promptArguments(prompts.find((candidate) => candidate.name === name)));
    }
    case 'read':
      if (before.length > 1) return [[], partial];
      return matching(stringsOf(await source.list('resources/list'), 'uri'));
    case 'complete':
      return completeRef(partial, before, source, matching);
    default:
      return [[], partial];
  }
}

interface ArgumentInfo {
  name: string;
  values?: string[];
}

async function completeRef(partial: string, before: string[], source: CompletionSource, matching: (candidates: string[], suffix?: string) => Completion) {
  if (before.length === 1) {
    const prompts = namesOf(await source.list('prompts/list')).map((name) => `prompt:${name}`);
    const templates = stringsOf(await source.list('resources/templates/list'), 'uriTemplate').map((uri) => `resource:${uri}`);
    return matching([...prompts, ...templates], ' ');
  }
  if (before.length !== 2) return [[], partial] as Completion;
  const ref = before[1] as string;
  if (ref.startsWith('prompt:')) {
    const prompt = (await source.list('prompts/list')).find((candidate) => candidate.name === ref.slice('prompt:'.length));
    return matching(
      promptArguments(prompt).map((argument) => argument.name),
      ' ',
    );
  }
  // The variables of a URI template: {id}, {+path}, {?q,page}.
  const variables = [...ref.matchAll(/\{[+#./;?&]?([^}]+)\}/g)].flatMap((match) =>
    (match[1] as string).split(',').map((name) => name.replace(/[*]|:\d+$/g, '')),
  );
  return matching(variables, ' ');
}

function argumentCompletion(partial: string, given: string[], known: ArgumentInfo[]): Completion {
  const equals = partial.indexOf('=');
  if (equals >= 0) {
    const name = partial.slice(0, equals);
    const values = known.find((argument) => argument.name === name)?.values ?? [];
    return [values.map((value) => `${name}=${value}`).filter((candidate) => candidate.startsWith(partial)), partial];
  }
  const used = new Set(given.map((word) => word.slice(0, Math.max(0, word.indexOf('=')))));
  return [
    known
      .map((argument) => argument.name)
      .filter((name) => !used.has(name) && name.startsWith(partial))
      .sort()
      .map((name) => `${name}=`),
    partial,
  ];
}

function schemaArguments(tool: JsonObject | undefined): ArgumentInfo[] {
  const schema = isObject(tool?.inputSchema) ? tool.inputSchema : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  return Object.entries(properties).map(([name, property]) => ({ name, values: valuesOf(property) }));
}

function valuesOf(property: unknown): string[] | undefined {
  if (!isObject(property)) return undefined;
  if (Array.isArray(property.enum)) return property.enum.filter((value) => ['string', 'number', 'boolean'].includes(typeof value)).map(String);
  if (property.type === 'boolean') return ['true', 'false'];
  return undefined;
}

function promptArguments(prompt: JsonObject | undefined): ArgumentInfo[] {
  const list = Array.isArray(prompt?.arguments) ? prompt.arguments : [];
  return list
    .filter((argument): argument is JsonObject => isObject(argument) && typeof argument.name === 'string')
    .map((argument) => ({ name: argument.name as string }));
}

function namesOf(items: JsonObject[]): string[] {
  return stringsOf(items, 'name');
}

function stringsOf(items: JsonObject[], field: string): string[] {
  // A name with spaces cannot be one word; one with control characters would reach the terminal raw.
  return items.map((item) => item[field]).filter((value): value is string => typeof value === 'string' && !/[\s\u0000-\u001f\u007f-\u009f]/.test(value));
}
