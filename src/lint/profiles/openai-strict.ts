// 'openai-strict': OpenAI function calling with `strict: true`. Facts, with their sources:
// - API reference, FunctionDefinition.name: "Must be a-z, A-Z, 0-9, or contain underscores
//   and dashes, with a maximum length of 64."
// - Function calling guide, "Strict mode": "additionalProperties must be set to false for each
//   object in the parameters. All fields in properties must be marked as required."
// - Structured Outputs guide, "Supported schemas" (strict function calling uses it):
//   * "Root objects must not be anyOf and must be an object."
//   * "A schema may have up to 5000 object properties total, with up to 10 levels of nesting."
//     (Earlier versions of the page said 100 properties and 5 levels.) The page does not say
//     how levels are counted; mcpvet counts object schemas on a path, the root being level 1.
//   * "total string length of all property names, definition names, enum values, and const
//     values cannot exceed 120,000 characters."
//   * "up to 1000 enum values across all enum properties"; "For a single enum property with
//     string values, the total string length of all enum values cannot exceed 15,000
//     characters when there are more than 250 enum values."
//   * string `format`: "Currently supported: date-time, time, date, duration, email,
//     hostname, ipv4, ipv6, uuid".
//   * "Some type-specific keywords are not yet supported — Composition: allOf, not,
//     dependentRequired, dependentSchemas, if, then, else" and "If you turn on Structured
//     Outputs by supplying strict: true and call the API with an unsupported JSON Schema, you
//     will receive an error."
// The 128-tool limit (API reference, `tools`) is checked in checks/list.ts.
import { isPlainObject, pointer } from '../../wire/json-pointer.js';
import { isObjectSchema, walkSchema } from '../schema-walk.js';
import type { Report, SchemaUnderLint, ToolContext } from '../context.js';

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const UNSUPPORTED = ['allOf', 'not', 'dependentRequired', 'dependentSchemas', 'if', 'then', 'else'];
const FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
const MAX_DEPTH = 10;
const MAX_PROPERTIES = 5000;
const MAX_STRING_CHARS = 120_000;
const MAX_ENUM_VALUES = 1000;
const LARGE_ENUM = 250;
const LARGE_ENUM_MAX_CHARS = 15_000;

export function checkOpenAiStrict(ctx: ToolContext, input: SchemaUnderLint | undefined): void {
  const { tool, report } = ctx;
  if (typeof tool.name === 'string' && !NAME.test(tool.name)) {
    report('openai.name', '/name', `Tool name "${tool.name}" does not match ^[a-zA-Z0-9_-]{1,64}$.`);
  }
  if (input) checkSchema(input, report);
}

function checkSchema(s: SchemaUnderLint, report: Report): void {
  if ('anyOf' in s.schema) report('openai.root-anyof', pointer(s.pointer, 'anyOf'), 'The root of the schema uses `anyOf`.');
  let properties = 0;
  let enumValues = 0;
  let stringChars = 0;
  let depthReported = false;

  walkSchema(s.schema, s.pointer, (n) => {
    if (n.keyword === '$defs' || n.keyword === 'definitions') stringChars += (n.key ?? '').length;
    if (typeof n.node !== 'object') return;
    const node = n.node;
    for (const kw of UNSUPPORTED) {
      if (kw in node) report('openai.unsupported-keyword', pointer(n.pointer, kw), `\`${kw}\` is not supported in strict mode.`);
    }
    if (typeof node.format === 'string' && !FORMATS.has(node.format)) {
      report('openai.format', pointer(n.pointer, 'format'), `\`format\` "${node.format}" is not supported in strict mode.`);
    }
    if (n.objectDepth > MAX_DEPTH && !depthReported) {
      depthReported = true;
      report('openai.nesting-depth', n.pointer, `Objects are nested ${n.objectDepth} levels deep here (at most ${MAX_DEPTH}).`);
    }
    if (isObjectSchema(node)) {
      if (node.additionalProperties !== false) {
        report(
          'openai.additional-properties',
          'additionalProperties' in node ? pointer(n.pointer, 'additionalProperties') : n.pointer,
          'This object schema does not set `additionalProperties: false`.',
        );
      }
      const props = isPlainObject(node.properties) ? node.properties : {};
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      for (const [key, sub] of Object.entries(props)) {
        properties += 1;
        stringChars += key.length;
        if (!required.has(key)) {
          report('openai.all-required', pointer(n.pointer, 'properties', key), `Property "${key}" is not listed in \`required\`.`, optionalFix(key, sub));
        }
      }
    }
    if (Array.isArray(node.enum)) {
      enumValues += node.enum.length;
      const strings = node.enum.filter((v): v is string => typeof v === 'string');
      const chars = strings.reduce((sum, v) => sum + v.length, 0);
      stringChars += chars;
      if (node.enum.length > LARGE_ENUM && strings.length > 0 && chars > LARGE_ENUM_MAX_CHARS) {
        report(
          'openai.enum-size',
          pointer(n.pointer, 'enum'),
          `This enum has ${node.enum.length} values totalling ${chars} characters (over ${LARGE_ENUM} values may total at most ${LARGE_ENUM_MAX_CHARS}).`,
        );
      }
    }
    if (typeof node.const === 'string') stringChars += node.const.length;
  });

  if (properties > MAX_PROPERTIES) {
    report('openai.total-properties', s.pointer, `The schema has ${properties} object properties (at most ${MAX_PROPERTIES}).`);
  }
  if (enumValues > MAX_ENUM_VALUES) {
    report('openai.enum-size', s.pointer, `The schema has ${enumValues} enum values in total (at most ${MAX_ENUM_VALUES}).`);
  }
  if (stringChars > MAX_STRING_CHARS) {
    report(
      'openai.string-size',
      s.pointer,
      `Property names, definition names, enum and const values total ${stringChars} characters (at most ${MAX_STRING_CHARS}).`,
    );
  }
}

/** Strict mode's way to keep a parameter optional: required, but nullable. */
function optionalFix(key: string, sub: unknown): string {
  const type = isPlainObject(sub) ? sub.type : undefined;
  const nullable =
    typeof type === 'string'
      ? `"type": ["${type}", "null"]`
      : Array.isArray(type)
        ? `"type": ${JSON.stringify([...new Set([...type, 'null'])])}`
        : '`anyOf` with `{"type": "null"}`';
  return `Add "${key}" to \`required\`; if it is optional, allow null: ${nullable}.`;
}
