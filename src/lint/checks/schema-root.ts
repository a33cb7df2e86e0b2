// `inputSchema` / `outputSchema` presence, shape, root type and dialect. Returns the schemas
// that can be analysed further; a tool whose schema is broken is still reported, never dropped.
import { isPlainObject } from '../../wire/json-pointer.js';
import { detectDialect, suggestDialectUri } from '../../protocol/schema-dialect.js';
import { typeName } from './tool-fields.js';
import type { SchemaUnderLint, ToolContext } from '../context.js';

export function checkSchemaRoots(ctx: ToolContext): SchemaUnderLint[] {
  const { tool, report } = ctx;
  const out: SchemaUnderLint[] = [];

  if (!('inputSchema' in tool) || tool.inputSchema === undefined) {
    report('schema.input-missing', '/inputSchema', 'The tool has no `inputSchema`.');
  } else if (!isPlainObject(tool.inputSchema)) {
    report('schema.input-not-object', '/inputSchema', `\`inputSchema\` is ${typeName(tool.inputSchema)}, not a JSON Schema object.`);
  } else {
    const schema = tool.inputSchema;
    if (schema.type !== 'object') {
      report(
        'schema.input-root-type',
        '/inputSchema/type',
        schema.type === undefined
          ? 'The root of `inputSchema` has no `type`; it must be "object".'
          : `The root \`type\` of \`inputSchema\` is ${JSON.stringify(schema.type)}; it must be "object".`,
      );
    }
    out.push(withDialect(ctx, { role: 'input', schema, pointer: '/inputSchema' }));
  }

  if ('outputSchema' in tool && tool.outputSchema !== undefined) {
    if (!isPlainObject(tool.outputSchema)) {
      report('schema.output-not-object', '/outputSchema', `\`outputSchema\` is ${typeName(tool.outputSchema)}, not a JSON Schema object.`);
    } else {
      out.push(withDialect(ctx, { role: 'output', schema: tool.outputSchema, pointer: '/outputSchema' }));
    }
  }
  return out;
}

function withDialect({ report }: ToolContext, s: SchemaUnderLint): SchemaUnderLint {
  const result = detectDialect(s.schema);
  if ('unknown' in result) {
    const canonical = suggestDialectUri(result.unknown);
    const message = canonical
      ? `\`$schema\` ${result.unknown} is not the canonical URI "${canonical}"; validators look dialects up by exact URI.`
      : `\`$schema\` ${result.unknown} is not a dialect mcpvet supports (2020-12, 2019-09, draft-07).`;
    report(
      'schema.dialect-unknown',
      `${s.pointer}/$schema`,
      message,
      canonical ? `Use the canonical URI "${canonical}", or remove \`$schema\` (2020-12 is the default).` : undefined,
    );
    return s;
  }
  if (result.declared && result.dialect !== '2020-12') {
    report('schema.dialect-not-default', `${s.pointer}/$schema`, `The schema declares ${result.dialect}; clients are only required to support 2020-12.`);
  }
  return { ...s, dialect: result.dialect };
}
