/**
 * Whether the schemas tools declare compile: 2020-12 when no `$schema` is given, 2019-09 or
 * draft-07 when declared, compiled as `mcpvet lint` compiles them (src/protocol/json-schema.ts). A dialect mcpvet does not know is not judged: the
 * spec lets a schema name another dialect, and only asks implementations to fail gracefully.
 */
import { compileSchema, dialectOf } from '../../../protocol/json-schema.js';
import { pass, violation } from '../../define.js';
import type { Finding } from '../../types.js';
import { clip, summarize } from './answer.js';
import { toolName } from './listed-tools.js';

export function schemaCompileFinding(tools: Record<string, unknown>[], field: 'inputSchema' | 'outputSchema'): Finding {
  const broken: string[] = [];
  const unjudged: string[] = [];
  let compiled = 0;
  tools.forEach((tool, index) => {
    const schema = tool[field];
    // Missing or non-object schemas belong to tools.list-shape / tools.input-schema-object-root.
    if (schema === undefined || (typeof schema !== 'object' && typeof schema !== 'boolean') || schema === null || Array.isArray(schema)) return;
    const name = toolName(tool, index);
    if (dialectOf(schema) === 'unknown') return void unjudged.push(`"${name}" ($schema ${JSON.stringify((schema as { $schema?: unknown }).$schema)})`);
    const result = compileSchema(schema);
    if (result.ok) compiled++;
    else broken.push(`"${name}": ${clip(result.error, 300)}`);
  });
  const notJudged = unjudged.length > 0 ? `; not judged, dialect unknown to mcpvet: ${unjudged.join(', ')}` : '';
  if (broken.length > 0) {
    return violation(
      'schema-does-not-compile',
      `${broken.length} ${field}(s) do not compile as JSON Schema (2020-12 unless $schema names another dialect): ${summarize(broken)}${notJudged}`,
    );
  }
  return pass(`${compiled} ${field}(s) compile as JSON Schema${notJudged}`);
}
