// Which JSON Schema dialect a schema declares. MCP: no `$schema` means 2020-12; another
// dialect MAY be declared, and an unsupported one must fail with an error (basic/index.mdx,
// "JSON Schema Usage"; DIGEST §5).

export type Dialect = '2020-12' | '2019-09' | 'draft-07';

export const DEFAULT_DIALECT: Dialect = '2020-12';

// The canonical meta-schema URIs, as the drafts publish them (an empty fragment is allowed).
const KNOWN: Record<string, Dialect> = {
  'https://json-schema.org/draft/2020-12/schema': '2020-12',
  'https://json-schema.org/draft/2019-09/schema': '2019-09',
  'http://json-schema.org/draft-07/schema': 'draft-07',
};

export type DialectResult = { dialect: Dialect; declared: boolean } | { unknown: string };

export function detectDialect(schema: Record<string, unknown>): DialectResult {
  if (!('$schema' in schema)) return { dialect: DEFAULT_DIALECT, declared: false };
  const uri = schema.$schema;
  if (typeof uri !== 'string') return { unknown: String(JSON.stringify(uri)) };
  const dialect = KNOWN[uri.replace(/#$/, '')];
  return dialect ? { dialect, declared: true } : { unknown: uri };
}

/** The canonical URI for a near-miss (wrong scheme, `www.`), to suggest in a fix. */
export function suggestDialectUri(uri: string): string | undefined {
  const bare = uri.replace(/#$/, '').replace(/^https?:\/\/(www\.)?/, '');
  for (const canonical of Object.keys(KNOWN)) {
    if (canonical.replace(/^https?:\/\//, '') === bare) return canonical;
  }
  return undefined;
}

/** `format` values defined by JSON Schema drafts 07, 2019-09 and 2020-12 (union). */
export const KNOWN_FORMATS = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uuid',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
]);

/** Keywords of drafts 07, 2019-09 and 2020-12 (core, applicator, validation, metadata, format, content). */
export const KNOWN_KEYWORDS = new Set([
  '$schema',
  '$id',
  '$ref',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  '$vocabulary',
  '$comment',
  '$defs',
  '$recursiveRef',
  '$recursiveAnchor',
  'definitions',
  'type',
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxContains',
  'minContains',
  'maxProperties',
  'minProperties',
  'required',
  'dependentRequired',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'dependentSchemas',
  'prefixItems',
  'items',
  'additionalItems',
  'contains',
  'properties',
  'patternProperties',
  'additionalProperties',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'dependencies',
  'format',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
  'title',
  'description',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'examples',
]);
