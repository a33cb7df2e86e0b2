/** The schema set of each era, built on first use and kept: building costs, importing does not. */
import type { Era } from '../versions.js';
import { buildLegacySchemas } from './legacy.js';
import { buildModernSchemas } from './modern.js';
import type { SchemaSet } from './schema-set.js';

export type { SchemaSet, ParamsSchema } from './schema-set.js';
export { schemaIssues, type ValidationIssue } from './issues.js';

const built = new Map<Era, SchemaSet>();

export function schemasFor(era: Era): SchemaSet {
  let set = built.get(era);
  if (!set) {
    set = era === 'modern' ? buildModernSchemas() : buildLegacySchemas();
    built.set(era, set);
  }
  return set;
}
