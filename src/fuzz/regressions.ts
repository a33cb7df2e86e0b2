/**
 * The regression file (`--regressions`, `.mcpvet/fuzz-regressions.json` by default): every failing input fuzz found,
 * already shrunk, tried first on the next run. A case that passes again is dropped from the file;
 * cases of tools this run did not fuzz are kept as they are.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { isObject, type JsonObject } from '../protocol/jsonrpc.js';
import type { EnvelopeCase } from './envelope-cases.js';
import { PROPERTY_IDS, type PropertyId } from './properties.js';

export type RegressionCase =
  | { tool: string; args: JsonObject; property: PropertyId; foundAt: string; envelope?: undefined }
  | { envelope: EnvelopeCase; property: PropertyId; foundAt: string; tool?: undefined };

export class RegressionFileError extends Error {
  override name = 'RegressionFileError';
}

/** The cases of a regression file; none when it does not exist yet. */
export function loadRegressions(file: string): RegressionCase[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new RegressionFileError(`cannot read --regressions ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new RegressionFileError(`--regressions ${file} is not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(parsed) || parsed.version !== 1 || !Array.isArray(parsed.cases))
    throw new RegressionFileError(`--regressions ${file} is not a mcpvet fuzz regression file ({"version": 1, "cases": [...]})`);
  return parsed.cases.filter(isCase);
}

function isCase(value: unknown): value is RegressionCase {
  if (!isObject(value) || !PROPERTY_IDS.includes(value.property as PropertyId) || typeof value.foundAt !== 'string') return false;
  return (typeof value.tool === 'string' && isObject(value.args)) || isObject(value.envelope);
}

/** Writes the file (its folder created when missing), replacing it whole. */
export function saveRegressions(file: string, cases: RegressionCase[]): void {
  mkdirSync(dirname(file), { recursive: true });
  const unique = new Map(cases.map((entry) => [keyOf(entry), entry]));
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify({ version: 1, cases: [...unique.values()] }, null, 2) + '\n', 'utf8');
  renameSync(temporary, file);
}

export function keyOf(entry: RegressionCase): string {
  return JSON.stringify([entry.property, entry.tool ?? null, entry.tool !== undefined ? entry.args : entry.envelope]);
}
