// Our validators and the official schema.json (through ajv) give the same verdict, on
// valid messages and on messages broken in exactly one place.
import { describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/protocol/validate.js';
import { specTypeFor } from '../../src/protocol/spec-schema.js';
import { oracleFor, type Oracle } from './oracle.js';
import { SCHEMA_2025, SCHEMA_2026, skipNote, specAvailable } from './spec-dir.js';
import { LEGACY, MODERN, broken, legacyBroken, legacyValid, modernBroken, modernValid, type Broken } from './messages.js';

type Case = (typeof modernValid)[string];

function ourVerdict(c: Case, revision: string) {
  const issues = validateMessage(c.message, { revision, direction: c.direction, method: c.method });
  return { valid: issues.filter((i) => i.rule === 'schema').length === 0, issues };
}

function oracleVerdict(oracle: Oracle, c: Case): boolean {
  const target = specTypeFor(c.message, c.method, c.direction, oracle.typeNames);
  if (!target) throw new Error('no spec type');
  const value = target.part === 'message' ? c.message : (c.message as { result: unknown }).result;
  return oracle.valid(target.typeName, value);
}

function suite(name: string, file: string, revision: string, valid: Record<string, Case>, broke: Record<string, Broken>) {
  describe.skipIf(!specAvailable)(`${name}${skipNote}`, () => {
    const oracle = specAvailable ? oracleFor(file) : undefined;

    it.each(Object.keys(valid))('valid: %s', (key) => {
      const ours = ourVerdict(valid[key], revision);
      expect(ours.issues).toEqual([]);
      expect(oracleVerdict(oracle!, valid[key])).toBe(true);
    });

    it.each(Object.keys(broke))('broken: %s', (key) => {
      const c = broken(valid, broke[key]);
      const ours = ourVerdict(c, revision);
      expect(ours.valid).toBe(false);
      expect(oracleVerdict(oracle!, c)).toBe(false);
      expect(ours.issues.map((i) => i.path)).toContain(broke[key].at);
    });
  });
}

suite('agreement with schema-2026-07-28.json', SCHEMA_2026, MODERN, modernValid, modernBroken);
suite('agreement with schema-2025-11-25.json', SCHEMA_2025, LEGACY, legacyValid, legacyBroken);
