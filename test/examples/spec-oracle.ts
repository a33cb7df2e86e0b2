/**
 * The official JSON Schemas as test oracle, read from MCPVET_SPEC_DIR (default ../shared/spec).
 * Never copied into the project; tests that need them skip with a clear message when absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { ROOT } from './harness.js';

const SPEC_DIR = resolve(ROOT, process.env.MCPVET_SPEC_DIR ?? '../shared/spec');
const FILES = { '2026-07-28': 'schema-2026-07-28.json', '2025-11-25': 'schema-2025-11-25.json' } as const;
export type Revision = keyof typeof FILES;

export const specAvailable = Object.values(FILES).every((f) => existsSync(resolve(SPEC_DIR, f)));
export const SKIP_REASON = `official MCP schemas not found in ${SPEC_DIR} (set MCPVET_SPEC_DIR)`;
if (!specAvailable) console.warn(`[notes-server tests] skipping schema-oracle tests: ${SKIP_REASON}`);

const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
let ajv: Ajv2020 | undefined;
const cache = new Map<string, ValidateFunction>();

/** Validation errors of `value` against `#/$defs/<type>` of a revision's schema ([] = valid). */
export function schemaErrors(revision: Revision, type: string, value: unknown): string[] {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    for (const [rev, file] of Object.entries(FILES)) {
      ajv.addSchema({ ...JSON.parse(readFileSync(resolve(SPEC_DIR, file), 'utf8')), $id: `urn:mcp:${rev}` });
    }
  }
  const key = `${revision}#${type}`;
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile({ $ref: `urn:mcp:${revision}#/$defs/${type}` });
    cache.set(key, validate);
  }
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
