/**
 * The lexical policy: a deterministic stand-in for a model that reads tool names and
 * descriptions. It calls the tool whose name and description share the most words with the task,
 * with arguments found in the task text by parameter name, and answers with the tool's result.
 * A clearer description moves its choices, which is what a demo of description changes needs.
 */
import { isObject } from '../../protocol/jsonrpc.js';
import type { Conversation, ToolView } from './conversation.js';
import type { ModelReply } from './reply.js';
import { DEFAULT_ANSWER } from './script.js';

// Words that say nothing about which tool fits.
const STOP_WORDS = new Set(
  (
    'a about above after again all also am an and any are as at be been before being below between both but by can could did do does doing down during ' +
    'each few for from further had has have having he her here hers him his how i if in into is it its itself just me more most my no nor not now of off ' +
    'on once only or other our ours out over own please same she should so some such than that the their theirs them then there these they this those ' +
    'through to too under until up very was we were what when where which while who whom why will with would you your yours'
  ).split(' '),
);

export function lexicalReply(conversation: Conversation, tag: (turn: number, index: number) => string): ModelReply {
  if (conversation.lastToolResult !== undefined) return { type: 'text', text: conversation.lastToolResult };
  const tool = chooseTool(conversation.firstUserText, conversation.tools);
  if (!tool) return { type: 'text', text: DEFAULT_ANSWER };
  return {
    type: 'tool-calls',
    calls: [{ tag: tag(conversation.turn, 0), name: tool.name, arguments: fillArguments(conversation.firstUserText, tool.parameters) }],
  };
}

/** The tool sharing the most distinct words with the task (the first on a tie), none if no tool shares one. */
export function chooseTool(task: string, tools: ToolView[]): ToolView | undefined {
  const taskWords = words(task);
  let best: ToolView | undefined;
  let bestScore = 0;
  for (const tool of tools) {
    const toolWords = words(`${tool.name} ${tool.description}`);
    let score = 0;
    for (const word of taskWords) if (toolWords.has(word)) score += 1;
    if (score > bestScore) [best, bestScore] = [tool, score];
  }
  return best;
}

/** Lowercased words without stop words; camelCase split, a plural `s` dropped, so `getNotes` meets "note". */
export function words(text: string): Set<string> {
  const found = new Set<string>();
  for (const raw of splitCamel(text)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)) {
    if (raw === '' || STOP_WORDS.has(raw)) continue;
    found.add(raw.length > 3 && raw.endsWith('s') && !raw.endsWith('ss') ? raw.slice(0, -1) : raw);
  }
  return found;
}

/** Arguments found in the task for each property of the schema, typed by it; what is not found is left out. */
export function fillArguments(task: string, parameters: Record<string, unknown>): Record<string, unknown> {
  const properties = isObject(parameters.properties) ? parameters.properties : {};
  const required = Array.isArray(parameters.required) ? parameters.required.filter((name): name is string => typeof name === 'string') : [];
  const requiredStrings = required.filter((name) => schemaTypes(properties[name]).includes('string'));
  const soleRequiredString = requiredStrings.length === 1 ? requiredStrings[0] : undefined;
  const args: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties)) {
    const candidates = [quotedAfterName(task, name), wordAfterName(task, name)];
    if (name === soleRequiredString) candidates.push(firstQuoted(task), capitalisedWords(task));
    for (const candidate of candidates) {
      const value = candidate === undefined ? undefined : typed(candidate, schema);
      if (value !== undefined) {
        args[name] = value;
        break;
      }
    }
  }
  return args;
}

const LETTER_BEFORE = '(?<![\\p{L}\\p{N}])';
const LETTER_AFTER = '(?![\\p{L}\\p{N}])';

/** The parameter name as it may be written: `max_results`, `maxResults`, "max results". */
function namePattern(name: string): string {
  const parts = splitCamel(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return `${LETTER_BEFORE}${parts.join('[\\s_.-]*')}${LETTER_AFTER}`;
}

/** `city "Boston"`, `city: "New York"`, `query is 'x'`. */
function quotedAfterName(task: string, name: string): string | undefined {
  const match = new RegExp(`${namePattern(name)}\\s*(?:[:=]|\\sis\\s)?\\s*(?:"([^"]*)"|“([^”]*)”|'([^']*)')`, 'iu').exec(task);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** `limit: 5`, `city = Boston`, `city is Boston` (a trailing full stop is punctuation). */
function wordAfterName(task: string, name: string): string | undefined {
  const match = new RegExp(`${namePattern(name)}\\s*(?::|=|\\sis\\s)\\s*([^\\s,;!?"'()\\[\\]{}]+)`, 'iu').exec(task);
  const word = match?.[1]?.replace(/[.:]+$/, '');
  return word ? word : undefined;
}

function firstQuoted(task: string): string | undefined {
  const match = /"([^"]*)"|“([^”]*)”/.exec(task);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** The first run of capitalised words that does not begin a sentence: "weather in New York" gives "New York". */
function capitalisedWords(task: string): string | undefined {
  for (const match of task.matchAll(/\p{Lu}[\p{L}\p{N}'-]*(?: \p{Lu}[\p{L}\p{N}'-]*)*/gu)) {
    let run = match[0];
    const before = task.slice(0, match.index).trimEnd();
    // The first word of a sentence is capitalised for grammar, not because it names something.
    if (before === '' || /[.!?:]$/.test(before)) run = run.split(' ').slice(1).join(' ');
    run = run
      .split(' ')
      .filter((word) => word !== 'I')
      .join(' ');
    if (run) return run;
  }
  return undefined;
}

function schemaTypes(schema: unknown): string[] {
  if (!isObject(schema)) return [];
  if (typeof schema.type === 'string') return [schema.type];
  return Array.isArray(schema.type) ? schema.type.filter((type): type is string => typeof type === 'string') : [];
}

/** The text as the schema's type wants it; undefined when it cannot be. Untyped: kept as text. */
function typed(text: string, schema: unknown): unknown {
  const types = schemaTypes(schema);
  if (types.includes('integer') && /^[-+]?\d+$/.test(text)) return Number(text);
  if (types.includes('number') && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (types.includes('boolean')) {
    if (/^(true|yes)$/i.test(text)) return true;
    if (/^(false|no)$/i.test(text)) return false;
  }
  if (types.length === 0 || types.includes('string')) return text;
  if (types.includes('array')) {
    const items = isObject(schema) ? schema.items : undefined;
    const values = text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
      .map((item) => typed(item, items));
    return values.length > 0 && values.every((value) => value !== undefined) ? values : undefined;
  }
  return undefined;
}

function splitCamel(text: string): string {
  return text.replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2');
}
