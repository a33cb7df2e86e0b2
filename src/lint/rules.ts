// Every lint rule, its severity and its fix, in one table (rendered into the README
// and SARIF). Severity policy: `error` only where the MCP spec or a client/provider API is
// broken for sure; `warning` where something is likely to go wrong; `info` for advice.
// Provider facts are quoted from public documentation; see the `source` of each rule and
// the comments in src/lint/profiles/.
import type { RuleMeta } from './types.js';

const SPEC_TOOLS = 'MCP 2026-07-28 server/tools.mdx (Tool)';
const SPEC_NAMES = 'MCP 2026-07-28 server/tools.mdx#tool-names (SEP-986)';
const SPEC_SCHEMA = 'MCP 2026-07-28 basic/index.mdx "JSON Schema Usage"';
const SPEC_HEADER = 'MCP 2026-07-28 transports: x-mcp-header validity rules (SEP-2243)';
const OPENAI_SO = 'OpenAI Structured Outputs guide, "Supported schemas" (platform.openai.com/docs/guides/structured-outputs)';
const OPENAI_FC = 'OpenAI function calling guide, "Strict mode" (platform.openai.com/docs/guides/function-calling)';
const OPENAI_REF = 'OpenAI API reference, Chat Completions `tools` / FunctionDefinition.name';
const ANTHROPIC = 'Anthropic tool use docs, "Specifying client tools" / best practices (docs.anthropic.com)';
const GEMINI = 'Gemini API reference, FunctionDeclaration and Schema (ai.google.dev/api/caching); Vertex AI FunctionDeclaration';

export const RULES: RuleMeta[] = [
  // ---- tool definition shape (spec) ----
  {
    id: 'tool.not-object',
    severity: 'error',
    title: 'Tool entry is a JSON object',
    source: SPEC_TOOLS,
    description: 'Every element of `tools` must be a Tool object.',
    fix: 'Return each tool as an object with at least `name` and `inputSchema`.',
  },
  {
    id: 'tool.name-missing',
    severity: 'error',
    title: 'Tool has a string `name`',
    source: SPEC_TOOLS,
    description: '`name` is required and must be a string; clients call tools by it.',
    fix: 'Give the tool a `name` string, e.g. "get_weather".',
  },
  {
    id: 'tool.name-format',
    severity: 'warning',
    title: 'Tool name follows the spec name rules',
    source: SPEC_NAMES,
    description: 'Tool names SHOULD be 1-128 characters of A-Z a-z 0-9 _ - . (no spaces, commas or other characters).',
    fix: 'Rename the tool using only letters, digits, `_`, `-` and `.`, at most 128 characters.',
  },
  {
    id: 'tool.name-duplicate',
    severity: 'error',
    title: 'Tool names are unique',
    source: SPEC_NAMES,
    description: 'Two tools share a name: a client can only call one of them, and provider APIs reject duplicate tool names.',
    fix: 'Give every tool a distinct name.',
  },
  {
    id: 'tool.field-type',
    severity: 'error',
    title: 'Tool fields have their schema types',
    source: SPEC_TOOLS,
    description: '`title` and `description` must be strings, `icons` an array, `_meta` an object.',
    fix: 'Send the field with the type the Tool schema requires, or omit it.',
  },
  {
    id: 'tool.description-missing',
    severity: 'warning',
    title: 'Tool has a description',
    source: SPEC_TOOLS,
    description: 'The description is what a model reads to decide when and how to call the tool; without it the tool is picked by name alone.',
    fix: 'Add a `description` saying what the tool does, when to use it, and what it returns.',
  },
  {
    id: 'tool.description-too-long',
    severity: 'warning',
    title: 'Tool description is not too long',
    description:
      "The description is longer than the threshold (default 1024 characters, mcpvet's choice, not a documented limit); it is sent with every request.",
    fix: 'Shorten the description; move reference material into parameter descriptions or a resource.',
  },
  {
    id: 'tool.annotations-type',
    severity: 'error',
    title: 'Tool annotations are well-typed',
    source: 'MCP 2026-07-28 schema ToolAnnotations',
    description:
      '`annotations` must be an object whose hints (`readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`) are booleans and whose `title` is a string.',
    fix: 'Use `true`/`false` (not strings) for hints and a string for `title`.',
  },
  {
    id: 'tool.annotations-contradictory',
    severity: 'warning',
    title: 'Tool annotations do not contradict each other',
    source: 'MCP 2026-07-28 schema ToolAnnotations',
    description: '`destructiveHint: true` is meaningful only when `readOnlyHint` is false; with `readOnlyHint: true` clients ignore it.',
    fix: 'Either drop `readOnlyHint: true` (the tool modifies things) or drop `destructiveHint: true`.',
  },

  // ---- schema validity (spec) ----
  {
    id: 'schema.input-missing',
    severity: 'error',
    title: '`inputSchema` is present',
    source: SPEC_TOOLS,
    description: '`inputSchema` is required on every tool.',
    fix: 'Add `"inputSchema": {"type": "object", "additionalProperties": false}` for a tool without parameters.',
  },
  {
    id: 'schema.input-not-object',
    severity: 'error',
    title: '`inputSchema` is a JSON object',
    source: SPEC_TOOLS,
    description: '`inputSchema` must be a JSON Schema object, not null, an array or a boolean schema.',
    fix: 'Replace it with a schema object such as `{"type": "object", "properties": {...}}`.',
  },
  {
    id: 'schema.input-root-type',
    severity: 'error',
    title: '`inputSchema` has `type: "object"` at the root',
    source: SPEC_TOOLS,
    description: 'Tool arguments are always a JSON object, so the root of `inputSchema` must say `"type": "object"`.',
    fix: 'Set `"type": "object"` at the root of `inputSchema` (wrap other shapes in a property).',
  },
  {
    id: 'schema.output-not-object',
    severity: 'error',
    title: '`outputSchema` is a JSON object',
    source: SPEC_TOOLS,
    description: 'When present, `outputSchema` must be a JSON Schema object.',
    fix: 'Replace it with a schema object, or remove `outputSchema`.',
  },
  {
    id: 'schema.dialect-unknown',
    severity: 'error',
    title: 'Declared `$schema` dialect is supported',
    source: SPEC_SCHEMA,
    description:
      'The schema declares a dialect mcpvet (and most clients) cannot process; implementations must fail with an error on unsupported dialects. Supported: 2020-12 (default), 2019-09, draft-07.',
    fix: 'Remove `$schema` (2020-12 is the default) or use a canonical URI such as "https://json-schema.org/draft/2020-12/schema".',
  },
  {
    id: 'schema.dialect-not-default',
    severity: 'warning',
    title: 'Schema uses the default 2020-12 dialect',
    source: SPEC_SCHEMA,
    description: 'Clients are only required to support 2020-12; a schema declaring another dialect may be rejected.',
    fix: 'Remove `$schema` and write the schema in 2020-12 (e.g. `definitions` -> `$defs`, array `items` -> `prefixItems`).',
  },
  {
    id: 'schema.invalid',
    severity: 'error',
    title: 'Schema compiles under its dialect',
    source: SPEC_SCHEMA,
    description: 'The schema breaks its meta-schema or fails to compile (ajv), so validating clients reject the tool.',
    fix: 'Correct the keyword at the reported path so it matches the JSON Schema meta-schema.',
  },
  {
    id: 'schema.pattern-invalid',
    severity: 'error',
    title: '`pattern` is a valid regular expression',
    description: 'A `pattern` or `patternProperties` key is not a valid ECMA-262 (unicode) regular expression; validators fail to compile the schema.',
    fix: 'Fix the regular expression (test it with `new RegExp(pattern, "u")`).',
  },
  {
    id: 'schema.pattern-unsupported',
    severity: 'warning',
    title: '`pattern` runs on a linear-time engine',
    description:
      'A `pattern` or `patternProperties` key uses what RE2-style engines lack (backreferences, lookahead, lookbehind, repeat counts over 1000). mcpvet, and clients whose validators use RE2, Go `regexp` or Rust `regex`, cannot enforce it.',
    fix: 'Rewrite the pattern without backreferences or lookaround (split it into several `pattern`s under `allOf`, or check it in the tool).',
  },
  {
    id: 'schema.remote-ref',
    severity: 'error',
    title: 'No external `$ref`',
    source: SPEC_SCHEMA,
    description:
      'A reference points outside the schema. Implementations MUST NOT fetch network URIs automatically and SHOULD reject schemas whose external refs cannot be resolved.',
    fix: 'Inline the referenced schema under `$defs` and reference it as "#/$defs/Name".',
  },
  {
    id: 'schema.ref-unresolved',
    severity: 'error',
    title: 'Local `$ref`s resolve',
    source: SPEC_SCHEMA,
    description: 'A local reference (JSON pointer or anchor) points at nothing in the schema.',
    fix: 'Point the reference at an existing `$defs` entry, or add the missing definition.',
  },
  {
    id: 'schema.required-unknown',
    severity: 'warning',
    title: '`required` names declared properties',
    description: '`required` lists a name that is not in the sibling `properties`; a model will not know what to send for it.',
    fix: 'Declare the property under `properties`, or remove it from `required` (check for typos).',
  },
  {
    id: 'schema.required-unsatisfiable',
    severity: 'error',
    title: '`required` does not contradict `additionalProperties: false`',
    description: 'A required name is not declared while `additionalProperties` is false: no argument object can be valid, so every call fails.',
    fix: 'Declare the property under `properties`, or remove it from `required`.',
  },
  {
    id: 'schema.boolean-subschema',
    severity: 'warning',
    title: 'No boolean subschemas',
    description:
      "`true`/`false` used as a subschema (other than `additionalProperties`/`unevaluated*`) is valid JSON Schema, but the MCP Inspector's `--strict` treats it as an error and provider converters expect schema objects.",
    fix: 'Use `{}` instead of `true`, or `{"not": {}}` instead of `false`, or describe the value with a typed schema.',
  },
  {
    id: 'schema.enum-duplicate',
    severity: 'warning',
    title: '`enum` values are unique',
    description: 'An `enum` lists the same value twice (its elements SHOULD be unique).',
    fix: 'Remove the repeated values.',
  },
  {
    id: 'schema.enum-empty',
    severity: 'warning',
    title: '`enum` is not empty',
    description: 'An empty `enum` matches no value, so the property can never be valid.',
    fix: 'List the allowed values, or remove `enum`.',
  },
  {
    id: 'schema.default-invalid',
    severity: 'warning',
    title: '`default` is valid against its own schema',
    description: 'The `default` value does not validate against the schema it sits in; a model or UI that uses it sends an invalid argument.',
    fix: 'Change `default` to a value the schema accepts, or fix the schema.',
  },
  {
    id: 'schema.format-unknown',
    severity: 'warning',
    title: '`format` is a known format',
    description: 'The `format` is not defined by JSON Schema; validators in strict mode (ajv default) refuse to compile unknown formats, others ignore it.',
    fix: 'Use a standard format (date-time, date, email, uri, uuid, ...) or describe the format in `description` / `pattern`.',
  },
  {
    id: 'schema.unknown-keyword',
    severity: 'info',
    title: 'No unknown keywords',
    description:
      'A key that is not a JSON Schema keyword (often a typo, or an OpenAPI-only word such as `nullable`/`example`) is silently ignored by validators.',
    fix: 'Correct the keyword, use its JSON Schema equivalent, or prefix custom annotations with `x-`.',
  },
  {
    id: 'schema.property-description-missing',
    severity: 'warning',
    title: 'Parameters have descriptions',
    description: 'A parameter in `inputSchema` has no `description`; models guess its meaning from the name.',
    fix: 'Add a `description` to the parameter (what it is, units, format, an example).',
  },
  {
    id: 'schema.no-params-open',
    severity: 'info',
    title: 'No-parameter tool uses the recommended schema',
    source: SPEC_TOOLS,
    description: 'For a tool with no parameters the spec recommends `{"type": "object", "additionalProperties": false}` so clients send no arguments.',
    fix: 'Use `"inputSchema": {"type": "object", "additionalProperties": false}`.',
  },

  // ---- x-mcp-header (spec; HTTP clients MUST drop a tool that breaks these) ----
  {
    id: 'x-mcp-header.type',
    severity: 'error',
    title: '`x-mcp-header` only on string, integer or boolean properties',
    source: SPEC_HEADER,
    description: 'A property mirrored into an `Mcp-Param-*` header must have type string, integer or boolean (never number, object or array).',
    fix: 'Give the property `"type": "string"`, `"integer"` or `"boolean"`, or remove `x-mcp-header`.',
  },
  {
    id: 'x-mcp-header.placement',
    severity: 'error',
    title: '`x-mcp-header` only on statically reachable properties',
    source: SPEC_HEADER,
    description:
      '`x-mcp-header` must sit on a property reached from the root only through `properties` (never through items, oneOf, anyOf, allOf, not, if/then/else, $ref or $defs).',
    fix: 'Move the annotation to a top-level (or nested-object) property reached only through `properties`.',
  },
  {
    id: 'x-mcp-header.empty',
    severity: 'error',
    title: '`x-mcp-header` is not empty',
    source: SPEC_HEADER,
    description: 'The header name suffix must be non-empty.',
    fix: 'Set `x-mcp-header` to a name such as "Region".',
  },
  {
    id: 'x-mcp-header.not-token',
    severity: 'error',
    title: '`x-mcp-header` is an RFC 9110 token',
    source: SPEC_HEADER,
    description: "The value must be a string made only of RFC 9110 `tchar`s (letters, digits and !#$%&'*+-.^_`|~).",
    fix: 'Use only letters, digits, `-` and `_` in the header name.',
  },
  {
    id: 'x-mcp-header.control-char',
    severity: 'error',
    title: '`x-mcp-header` has no control characters',
    source: SPEC_HEADER,
    description: 'The value contains a control character (CR, LF, ...), which would allow header injection.',
    fix: 'Remove the control characters from the header name.',
  },
  {
    id: 'x-mcp-header.duplicate',
    severity: 'error',
    title: '`x-mcp-header` values are unique (case-insensitively)',
    source: SPEC_HEADER,
    description: 'Two properties of one `inputSchema` map to the same header (header names are case-insensitive).',
    fix: 'Give each mirrored property a distinct header name.',
  },

  // ---- size ----
  {
    id: 'size.tool-tokens',
    severity: 'warning',
    title: 'Tool definition is not too large',
    description:
      'Approximate token cost of the tool definition (compact JSON characters / 4) is above the threshold (default 1000); it is paid on every model request.',
    fix: 'Trim descriptions, drop rarely used parameters, or split the tool.',
  },
  {
    id: 'size.list-tokens',
    severity: 'warning',
    title: 'Whole tools/list is not too large',
    description: 'Approximate token cost of all tool definitions (compact JSON characters / 4) is above the threshold (default 10000).',
    fix: 'Expose fewer tools, shorten descriptions, or let clients filter tools.',
  },

  // ---- portable: the common ground of the providers below (default profile) ----
  {
    id: 'portable.name',
    severity: 'warning',
    title: 'Tool name is accepted by every provider',
    profile: 'portable',
    source: `${OPENAI_REF}; ${ANTHROPIC}; ${GEMINI}`,
    description:
      'OpenAI and Anthropic accept `^[a-zA-Z0-9_-]{1,64}$`, Gemini (Vertex) wants a leading letter or underscore; names with `.`, longer than 64 or starting with a digit or `-` must be rewritten by hosts.',
    fix: 'Use a name matching `^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$`.',
  },
  {
    id: 'portable.type-union',
    severity: 'info',
    title: 'No `type` arrays',
    profile: 'portable',
    source: GEMINI,
    description: '`type: [..]` is valid JSON Schema and OpenAI strict mode uses `[T, "null"]`, but Gemini `parameters` take a single type (with `nullable`).',
    fix: 'Use a single `type`; express alternatives with `anyOf`, or optional values by leaving them out of `required`.',
  },
  {
    id: 'portable.untyped',
    severity: 'warning',
    title: 'Parameters declare a type',
    profile: 'portable',
    description: 'A parameter schema has no `type`, `enum`, `const`, `$ref` or composition: models guess its shape, and converters that require a type fail.',
    fix: 'Add a `type` (string, number, integer, boolean, array, object).',
  },
  {
    id: 'portable.tool-count',
    severity: 'info',
    title: 'Not too many tools',
    profile: 'portable',
    source: OPENAI_FC,
    description: 'OpenAI suggests fewer than 20 functions at any one time (a soft suggestion) for accuracy.',
    fix: 'Consolidate related tools, or let hosts load a subset.',
  },

  // ---- openai-strict ----
  {
    id: 'openai.name',
    severity: 'error',
    title: 'Name matches OpenAI function names',
    profile: 'openai-strict',
    source: OPENAI_REF,
    description: 'Function names must be a-z, A-Z, 0-9, underscores and dashes, at most 64 characters.',
    fix: 'Rename to match `^[a-zA-Z0-9_-]{1,64}$`.',
  },
  {
    id: 'openai.additional-properties',
    severity: 'error',
    title: 'Every object sets `additionalProperties: false`',
    profile: 'openai-strict',
    source: `${OPENAI_FC}; ${OPENAI_SO}`,
    description: 'Strict mode requires `additionalProperties: false` on each object in the parameters.',
    fix: 'Add `"additionalProperties": false` to this object schema.',
  },
  {
    id: 'openai.all-required',
    severity: 'error',
    title: 'All properties are required',
    profile: 'openai-strict',
    source: `${OPENAI_FC}; ${OPENAI_SO}`,
    description: 'Strict mode requires every key of `properties` to be listed in `required`; optional fields are emulated with a null union.',
    fix: 'List the property in `required` and allow null for optional ones: `"type": ["string", "null"]`.',
  },
  {
    id: 'openai.unsupported-keyword',
    severity: 'error',
    title: 'No keywords strict mode rejects',
    profile: 'openai-strict',
    source: OPENAI_SO,
    description: 'Not supported: allOf, not, dependentRequired, dependentSchemas, if, then, else.',
    fix: 'Rewrite without the keyword (e.g. merge allOf branches into one object; use anyOf for alternatives).',
  },
  {
    id: 'openai.root-anyof',
    severity: 'error',
    title: 'Root is not `anyOf`',
    profile: 'openai-strict',
    source: OPENAI_SO,
    description: 'The root of the schema must be an object and must not use `anyOf`.',
    fix: 'Move the alternatives into a property, e.g. `{"type":"object","properties":{"item":{"anyOf":[...]}}}`.',
  },
  {
    id: 'openai.nesting-depth',
    severity: 'error',
    title: 'At most 10 levels of object nesting',
    profile: 'openai-strict',
    source: OPENAI_SO,
    description:
      'A schema may have up to 10 levels of nesting (earlier versions of the guide said 5). mcpvet counts object schemas on a path, the root being level 1.',
    fix: 'Flatten the structure.',
  },
  {
    id: 'openai.total-properties',
    severity: 'error',
    title: 'At most 5000 object properties',
    profile: 'openai-strict',
    source: OPENAI_SO,
    description: 'A schema may have up to 5000 object properties total (earlier versions of the guide said 100).',
    fix: 'Reduce the number of properties, or split the tool.',
  },
  {
    id: 'openai.enum-size',
    severity: 'error',
    title: 'Enum size limits',
    profile: 'openai-strict',
    source: OPENAI_SO,
    description: 'Up to 1000 enum values across all enums; a string enum with more than 250 values may total at most 15,000 characters.',
    fix: 'Shorten the enums, or accept a free string validated by the server.',
  },
  {
    id: 'openai.string-size',
    severity: 'error',
    title: 'Total schema string size',
    profile: 'openai-strict',
    source: OPENAI_SO,
    description: 'Property names, definition names, enum values and const values may total at most 120,000 characters.',
    fix: 'Shorten names and enum values.',
  },
  {
    id: 'openai.format',
    severity: 'error',
    title: 'Only supported `format`s',
    profile: 'openai-strict',
    source: OPENAI_SO,
    description: 'Supported string formats: date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid.',
    fix: 'Remove the `format` or use one of the supported ones; describe others in `description` or `pattern`.',
  },
  {
    id: 'openai.tool-count',
    severity: 'error',
    title: 'At most 128 tools',
    profile: 'openai-strict',
    source: OPENAI_REF,
    description: 'A max of 128 functions are supported in one request.',
    fix: 'Expose at most 128 tools, or let hosts select a subset.',
  },

  // ---- anthropic ----
  {
    id: 'anthropic.name',
    severity: 'error',
    title: 'Name matches Anthropic tool names',
    profile: 'anthropic',
    source: ANTHROPIC,
    description: 'The tool name must match the regex `^[a-zA-Z0-9_-]{1,64}$`.',
    fix: 'Rename to match `^[a-zA-Z0-9_-]{1,64}$` (no dots).',
  },
  {
    id: 'anthropic.description-short',
    severity: 'info',
    title: 'Description has at least 3 sentences',
    profile: 'anthropic',
    source: ANTHROPIC,
    description: 'Anthropic: "Aim for at least 3-4 sentences per tool description, more if the tool is complex."',
    fix: 'Say what the tool does, when to use it (and not), what each parameter means, and its caveats.',
  },

  // ---- gemini ----
  {
    id: 'gemini.name',
    severity: 'error',
    title: 'Name matches Gemini function names',
    profile: 'gemini',
    source: GEMINI,
    description: 'Function names may use a-z, A-Z, 0-9, underscores, colons, dots and dashes, at most 128 characters (Gemini Developer API).',
    fix: 'Rename using only letters, digits and `_ : . -`.',
  },
  {
    id: 'gemini.name-strict',
    severity: 'warning',
    title: 'Name fits the stricter Gemini/Vertex rule',
    profile: 'gemini',
    source: GEMINI,
    description: 'Vertex AI and older Gemini docs: must start with a letter or an underscore, maximum length 64.',
    fix: 'Start the name with a letter or `_` and keep it within 64 characters.',
  },
  {
    id: 'gemini.unsupported-keyword',
    severity: 'warning',
    title: 'Only keywords of the Gemini Schema subset',
    profile: 'gemini',
    source: GEMINI,
    description:
      '`FunctionDeclaration.parameters` takes a select subset of the OpenAPI 3.0 schema object (type, format, title, description, nullable, enum, items, minItems, maxItems, properties, required, minProperties, maxProperties, minLength, maxLength, pattern, minimum, maximum, anyOf, default, example, propertyOrdering); other keywords ($ref, $defs, oneOf, allOf, not, const, additionalProperties, ...) must be dropped or rewritten by the host, or the schema sent as `parametersJsonSchema`.',
    fix: "Rewrite with the subset's keywords, or have the host send the schema as `parametersJsonSchema`.",
  },
  {
    id: 'gemini.type-union',
    severity: 'warning',
    title: 'Single `type` (Gemini)',
    profile: 'gemini',
    source: GEMINI,
    description: 'Gemini Schema `type` is a single value; null is expressed with `nullable: true`.',
    fix: 'Use one `type`; for `[T, "null"]` hosts must convert to `nullable`.',
  },
  {
    id: 'gemini.enum-non-string',
    severity: 'warning',
    title: 'String enum values (Gemini)',
    profile: 'gemini',
    source: GEMINI,
    description: 'Gemini Schema `enum` is a list of strings.',
    fix: 'Use string enum values (e.g. "1", "2") and convert on the server.',
  },
  {
    id: 'gemini.property-name',
    severity: 'warning',
    title: 'Parameter names fit Gemini/Vertex',
    profile: 'gemini',
    source: GEMINI,
    description: 'Vertex AI: parameter names must start with a letter or an underscore and contain only a-z, A-Z, 0-9 and underscores, at most 64 characters.',
    fix: 'Rename the parameter to match `^[A-Za-z_][A-Za-z0-9_]{0,63}$`.',
  },

  // ---- input ----
  {
    id: 'list.invalid',
    severity: 'error',
    title: 'Input is a tools/list result',
    description: 'The input is neither a tools/list result (`{"tools": [...]}`), a JSON-RPC response carrying one, nor an array of tools.',
    fix: 'Pass the `result` of a tools/list response, or a JSON array of tools.',
  },
];

export const PROFILES: string[] = ['portable', 'openai-strict', 'anthropic', 'gemini'];

export const DEFAULT_PROFILES: string[] = ['portable'];

const byId = new Map(RULES.map((r) => [r.id, r]));

export function ruleMeta(id: string): RuleMeta {
  const meta = byId.get(id);
  if (!meta) throw new Error(`unknown lint rule ${id}`); // a programming error, caught by tests
  return meta;
}
