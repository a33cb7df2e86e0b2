// 'gemini': Gemini function declarations sent as `FunctionDeclaration.parameters`. Facts, with
// their sources:
// - Gemini API reference (ai.google.dev/api/caching#FunctionDeclaration), `name`: "Must be
//   a-z, A-Z, 0-9, or contain underscores, colons, dots, and dashes, with a maximum length of
//   128." (Older pages and the Vertex AI reference say 64, and Vertex adds "Must start with a
//   letter or an underscore": checked separately as a warning.)
// - `parameters` is a `Schema`, which "Represents a select subset of an OpenAPI 3.0 schema
//   object" with the fields listed in SUBSET (from the @google/genai `Schema` type). `type` is
//   a single enum value, null is `nullable`, and `enum` is `string[]`. `parametersJsonSchema`
//   (full JSON Schema, mutually exclusive with `parameters`) avoids all of this, which is why
//   schema findings here are warnings: a host must convert, or use parametersJsonSchema.
// - Vertex AI FunctionDeclaration.parameters: "Parameter names must start with a letter or an
//   underscore and must only contain chars a-z, A-Z, 0-9, or underscores with a maximum length of 64."
import { pointer } from '../../wire/json-pointer.js';
import { walkSchema } from '../schema-walk.js';
import { describeChars } from '../checks/tool-name.js';
import type { Report, SchemaUnderLint, ToolContext } from '../context.js';

const NAME = /^[a-zA-Z0-9_.:-]{1,128}$/;
const NAME_STRICT = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const SUBSET = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'items',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'anyOf',
  'default',
  'example',
  'propertyOrdering',
]);

const VIA_JSON_SCHEMA = 'or have the host send the schema as `parametersJsonSchema`';
const FIXES: Record<string, string> = {
  $ref: `Inline the referenced schema, ${VIA_JSON_SCHEMA}.`,
  $defs: `Inline the definitions where they are used, ${VIA_JSON_SCHEMA}.`,
  definitions: `Inline the definitions where they are used, ${VIA_JSON_SCHEMA}.`,
  additionalProperties: `Leave it out of the schema sent as \`parameters\`, ${VIA_JSON_SCHEMA}.`,
  const: 'Replace `"const": v` with `"enum": [v]` (string values).',
  oneOf: `Use \`anyOf\`, ${VIA_JSON_SCHEMA}.`,
  examples: 'Use `example` (a single value) for Gemini.',
  exclusiveMinimum: 'Use `minimum` (inclusive) for Gemini.',
  exclusiveMaximum: 'Use `maximum` (inclusive) for Gemini.',
};

export function checkGemini(ctx: ToolContext, input: SchemaUnderLint | undefined): void {
  const { tool, report } = ctx;
  const name = tool.name;
  if (typeof name === 'string') {
    if (!NAME.test(name)) {
      const why = name.length > 128 ? `is ${name.length} characters long` : `contains ${describeChars(name, /[^a-zA-Z0-9_.:-]/g)}`;
      report('gemini.name', '/name', `Tool name "${name}" ${why}.`);
    } else if (!NAME_STRICT.test(name)) {
      report(
        'gemini.name-strict',
        '/name',
        `Tool name "${name}" ${name.length > 64 ? 'is longer than 64 characters' : 'does not start with a letter or underscore'}.`,
      );
    }
  }
  if (input) checkSchema(input, report);
}

function checkSchema(s: SchemaUnderLint, report: Report): void {
  walkSchema(s.schema, s.pointer, (n) => {
    if (n.keyword === 'properties' && n.key !== undefined && !PARAM_NAME.test(n.key)) {
      report('gemini.property-name', n.pointer, `Parameter name "${n.key}" does not match ^[A-Za-z_][A-Za-z0-9_]{0,63}$.`);
    }
    if (typeof n.node !== 'object') return;
    const node = n.node;
    for (const key of Object.keys(node)) {
      // x- extensions are vendor annotations that hosts strip; flagging them would only push
      // authors away from x-mcp-header.
      if (SUBSET.has(key) || key.startsWith('x-')) continue;
      report('gemini.unsupported-keyword', pointer(n.pointer, key), `\`${key}\` is not in the Gemini Schema subset.`, FIXES[key]);
    }
    if (Array.isArray(node.type)) {
      report('gemini.type-union', pointer(n.pointer, 'type'), `\`type\` is a list (${node.type.map(String).join(', ')}).`);
    }
    if (Array.isArray(node.enum) && node.enum.some((v) => typeof v !== 'string')) {
      report('gemini.enum-non-string', pointer(n.pointer, 'enum'), '`enum` has values that are not strings.');
    }
  });
}
