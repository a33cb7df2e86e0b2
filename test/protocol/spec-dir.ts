/** Where the official spec files (the test oracles) are; tests skip when they are absent. */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
export const SPEC_DIR = resolve(projectRoot, process.env.MCPVET_SPEC_DIR ?? '../shared/spec');
export const SCHEMA_2026 = join(SPEC_DIR, 'schema-2026-07-28.json');
export const SCHEMA_2025 = join(SPEC_DIR, 'schema-2025-11-25.json');
export const EXAMPLES_2026 = join(SPEC_DIR, 'examples', '2026-07-28');

export const specAvailable = existsSync(SCHEMA_2026) && existsSync(SCHEMA_2025) && existsSync(EXAMPLES_2026);

if (!specAvailable) console.warn(`mcpvet tests: official spec files not found in ${SPEC_DIR}; spec-oracle tests are skipped (set MCPVET_SPEC_DIR).`);

/** Appended to suite names so a skipped run says why. */
export const skipNote = specAvailable ? '' : ` (SKIPPED: official spec files not found in ${SPEC_DIR}; set MCPVET_SPEC_DIR)`;
