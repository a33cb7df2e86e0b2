/** One field of an elicitation form, asked on the terminal and converted by its (flat) schema. */
import type { JsonObject } from '../client/types.js';
import { isObject } from '../protocol/jsonrpc.js';
import { serverText } from './server-text.js';

export type Ask = (question: string) => Promise<string | undefined>;

interface FieldIo {
  ask: Ask;
  say(line: string): void;
}

type Parsed = { value: unknown } | { problem: string };

export async function readField(
  io: FieldIo,
  name: string,
  schema: JsonObject,
  required: boolean,
  maxTries: number,
): Promise<{ value?: unknown; cancelled?: true }> {
  const choices = choicesOf(schema);
  const hint = hintOf(schema, choices);
  const title = typeof schema.title === 'string' && schema.title !== name ? ` ${serverText(schema.title)}` : '';
  const fallback = schema.default === undefined ? '' : ` [${serverText(schema.default)}]`;
  if (typeof schema.description === 'string') io.say(`  ${serverText(name)}: ${serverText(schema.description)}`);
  for (let tries = 0; tries < maxTries; tries++) {
    const answer = await io.ask(`  ${serverText(name)}${title} (${hint}${required ? ', required' : ''})${fallback}: `);
    if (answer === undefined) return { cancelled: true };
    if (answer.trim() === '') {
      if (schema.default !== undefined) return { value: schema.default };
      if (!required) return {};
      io.say('  a value is required');
      continue;
    }
    const parsed = parse(answer.trim(), schema, choices);
    if ('value' in parsed) return { value: parsed.value };
    io.say(`  ${parsed.problem}`);
  }
  return { cancelled: true };
}

function typeOf(schema: JsonObject): string {
  return typeof schema.type === 'string' ? schema.type : 'string';
}

/** enum, or oneOf/anyOf of {const, title}; for arrays, those of `items`. */
function choicesOf(schema: JsonObject): unknown[] | undefined {
  const source = typeOf(schema) === 'array' && isObject(schema.items) ? schema.items : schema;
  if (Array.isArray(source.enum)) return source.enum;
  const options = Array.isArray(source.oneOf) ? source.oneOf : Array.isArray(source.anyOf) ? source.anyOf : undefined;
  return options?.filter(isObject).map((option) => option.const);
}

function hintOf(schema: JsonObject, choices: unknown[] | undefined): string {
  const type = typeOf(schema);
  if (choices) return `${type === 'array' ? 'some of' : 'one of'}: ${choices.map((choice, index) => `${index + 1}=${serverText(choice)}`).join(' ')}`;
  if (type === 'boolean') return 'yes/no';
  return type;
}

function parse(text: string, schema: JsonObject, choices: unknown[] | undefined): Parsed {
  const type = typeOf(schema);
  if (type === 'array') {
    const picked = text.split(',').map((part) => pick(part.trim(), choices));
    const bad = picked.find((item) => 'problem' in item);
    return bad ?? { value: picked.map((item) => (item as { value: unknown }).value) };
  }
  if (choices) return pick(text, choices);
  switch (type) {
    case 'boolean':
      if (/^(y|yes|true)$/i.test(text)) return { value: true };
      if (/^(n|no|false)$/i.test(text)) return { value: false };
      return { problem: 'answer yes or no' };
    case 'integer':
      return /^-?\d+$/.test(text) ? { value: Number(text) } : { problem: 'a whole number is expected' };
    case 'number':
      return Number.isFinite(Number(text)) ? { value: Number(text) } : { problem: 'a number is expected' };
    default:
      return { value: text };
  }
}

/** A choice by its value or by its number in the list. */
function pick(text: string, choices: unknown[] | undefined): Parsed {
  if (!choices) return { value: text };
  const byValue = choices.find((choice) => String(choice) === text);
  if (byValue !== undefined) return { value: byValue };
  const index = Number(text);
  if (Number.isInteger(index) && index >= 1 && index <= choices.length) return { value: choices[index - 1] };
  return { problem: `not one of the choices: ${choices.map((choice) => serverText(choice)).join(', ')}` };
}
