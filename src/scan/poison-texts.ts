/**
 * Every piece of text a server hands the model, gathered from what it listed or returned, each with
 * where it sits (a JSON pointer) and how to scan it. Pure: the checks do the listing and calling.
 */
import type { ScanOptions } from './poisoning.js';

export interface ServedText {
  text: string;
  kind: ScanOptions['kind'];
  /** JSON pointer into the item (the tool, the prompt, the result). */
  pointer: string;
}

type Item = Record<string, unknown>;

const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);
const escapePointer = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Schemas deeper than this are not walked (no honest schema comes close). */
const MAX_DEPTH = 32;
/** Nodes visited per walk: a hostile schema cannot make the scan slow. */
const MAX_NODES = 5_000;

const TOP_FIELDS = ['name', 'title', 'description'] as const;

/** A tool's name, title, description, annotations title and every description/title in its schemas. */
export function toolTexts(tool: Item): ServedText[] {
  const texts = fieldTexts(tool, '');
  if (isItem(tool.annotations) && typeof tool.annotations.title === 'string')
    texts.push({ text: tool.annotations.title, kind: 'description', pointer: '/annotations/title' });
  for (const schema of ['inputSchema', 'outputSchema']) texts.push(...schemaTexts(tool[schema], `/${schema}`));
  return texts;
}

/** A prompt's name, title, description and those of its arguments. */
export function promptTexts(prompt: Item): ServedText[] {
  const texts = fieldTexts(prompt, '');
  const args = Array.isArray(prompt.arguments) ? prompt.arguments.slice(0, 100) : [];
  args.forEach((argument, index) => {
    if (isItem(argument)) texts.push(...fieldTexts(argument, `/arguments/${index}`));
  });
  return texts;
}

/**
 * A resource's or resource template's name, title and description. Its name is a display name
 * (often a file name, in any language), not an identifier: read as text, not for confusables.
 */
export const resourceTexts = (resource: Item): ServedText[] => fieldTexts(resource, '', 'description');

/** name, title and description; `nameKind` says whether the name is an identifier (tools, prompts) or a label. */
function fieldTexts(item: Item, prefix: string, nameKind: ScanOptions['kind'] = 'name'): ServedText[] {
  return TOP_FIELDS.filter((field) => typeof item[field] === 'string').map((field) => ({
    text: item[field] as string,
    kind: field === 'name' ? nameKind : 'description',
    pointer: `${prefix}/${field}`,
  }));
}

/** Every `description` and `title` string in a JSON Schema, walked iteratively (depth and size bounded). */
export function schemaTexts(schema: unknown, pointer: string): ServedText[] {
  return walkStrings(schema, pointer, (key) => key === 'description' || key === 'title', 'description');
}

/**
 * The text of a tools/call result: content text, resource links' names and descriptions, embedded
 * text resources, every string of structuredContent; or an error's message and data.
 */
export function resultTexts(outcome: { result?: unknown; error?: { message?: unknown; data?: unknown } }): ServedText[] {
  const texts: ServedText[] = [];
  if (outcome.error) {
    if (typeof outcome.error.message === 'string') texts.push({ text: outcome.error.message, kind: 'text', pointer: '/error/message' });
    texts.push(...walkStrings(outcome.error.data, '/error/data', () => true, 'text'));
  }
  if (!isItem(outcome.result)) return texts;
  const content = Array.isArray(outcome.result.content) ? outcome.result.content.slice(0, 200) : [];
  content.forEach((block, index) => {
    if (!isItem(block)) return;
    const at = `/content/${index}`;
    if (typeof block.text === 'string') texts.push({ text: block.text, kind: 'text', pointer: `${at}/text` });
    if (block.type === 'resource_link') texts.push(...fieldTexts(block, at, 'text').map((t) => ({ ...t, kind: 'text' as const })));
    if (isItem(block.resource) && typeof block.resource.text === 'string')
      texts.push({ text: block.resource.text, kind: 'text', pointer: `${at}/resource/text` });
  });
  texts.push(...walkStrings(outcome.result.structuredContent, '/structuredContent', () => true, 'text'));
  return texts;
}

/** Strings under keys `wanted` accepts (array items count as wanted), depth-first without recursion. */
function walkStrings(root: unknown, pointer: string, wanted: (key: string) => boolean, kind: ServedText['kind']): ServedText[] {
  const texts: ServedText[] = [];
  const stack: { value: unknown; pointer: string; depth: number; key: string }[] = [{ value: root, pointer, depth: 0, key: '' }];
  for (let visited = 0; stack.length > 0 && visited < MAX_NODES; visited++) {
    const { value, pointer: at, depth, key } = stack.pop()!;
    if (typeof value === 'string') {
      if (wanted(key)) texts.push({ text: value, kind, pointer: at });
      continue;
    }
    if (depth >= MAX_DEPTH || typeof value !== 'object' || value === null) continue;
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    // Pushed in reverse so that texts come out in document order.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [childKey, child] = entries[i]!;
      stack.push({ value: child, pointer: `${at}/${escapePointer(childKey)}`, depth: depth + 1, key: Array.isArray(value) ? key : childKey });
    }
  }
  return texts;
}
