// `$ref`s: none may leave the schema (nothing is ever fetched), and local ones must resolve.
import { findRefProblems } from '../refs.js';
import type { Report, SchemaUnderLint } from '../context.js';

/** Returns true when a reference problem was reported (the compile error would repeat it). */
export function checkSchemaRefs(s: SchemaUnderLint, report: Report): boolean {
  const problems = findRefProblems(s.schema, s.pointer);
  for (const p of problems) {
    if (p.kind === 'external') {
      report('schema.remote-ref', p.pointer, `\`${p.keyword}\` "${p.ref}" points outside the schema; clients must not fetch it.`);
    } else {
      report('schema.ref-unresolved', p.pointer, `\`${p.keyword}\` "${p.ref}" does not resolve: ${p.reason}.`);
    }
  }
  return problems.length > 0;
}
