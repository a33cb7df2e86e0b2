import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashDescription } from '../../src/contract/description-hash.js';
import { readContract } from '../../src/contract/read-contract.js';
import { ContractFormatError, looksLikeContractSnapshot, parseContractSnapshot, validateContractSnapshot } from '../../src/contract/snapshot-types.js';
import { copy, notesSnapshot } from './snapshots.js';

function errorOf(run: () => unknown): ContractFormatError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ContractFormatError);
    return error as ContractFormatError;
  }
  throw new Error('expected a ContractFormatError');
}

describe('contract snapshot format', () => {
  it('accepts a well-formed snapshot and keeps its content', () => {
    const snapshot = notesSnapshot();
    const loaded = parseContractSnapshot(JSON.stringify(snapshot), 'contract.json');
    expect(loaded).toEqual(snapshot);
  });

  it('keeps unknown annotation keys and unknown error probes', () => {
    const snapshot = copy(notesSnapshot());
    snapshot.tools[0].annotations = { ...snapshot.tools[0].annotations, vendorHint: 'x' };
    snapshot.errorClasses.rateLimited = { kind: 'protocol-error', code: -32000 };
    const loaded = validateContractSnapshot(snapshot);
    expect(loaded.tools[0].annotations?.vendorHint).toBe('x');
    expect(loaded.errorClasses.rateLimited).toEqual({ kind: 'protocol-error', code: -32000 });
  });

  it('says when a file is not a contract snapshot at all (e.g. a cassette)', () => {
    const error = errorOf(() => validateContractSnapshot({ format: 'mcpvet-cassette' }, 'notes.ndjson'));
    expect(error.message).toBe('notes.ndjson is not an mcpvet contract snapshot (expected "format": "mcpvet-contract", found "mcpvet-cassette")');
    expect(looksLikeContractSnapshot({ format: 'mcpvet-cassette' })).toBe(false);
    expect(looksLikeContractSnapshot(notesSnapshot())).toBe(true);
  });

  it('says when a snapshot comes from a newer mcpvet', () => {
    const error = errorOf(() => validateContractSnapshot({ ...notesSnapshot(), formatVersion: 2 }, 'c.json'));
    expect(error.message).toMatch(/newer mcpvet \(formatVersion 2\)/);
  });

  it('names every invalid field by its path', () => {
    const broken = copy(notesSnapshot()) as unknown as Record<string, any>;
    broken.tools[1].inputSchema = 'object';
    broken.errorClasses.unknownTool = { kind: 'exception' };
    delete broken.prompts;
    const error = errorOf(() => validateContractSnapshot(broken, 'c.json'));
    expect(error.message).toMatch(/^c\.json is not a valid contract snapshot:/);
    expect(error.message.split('\n').slice(1)).toEqual([
      '  - tools[1].inputSchema: expected object, received string',
      '  - prompts: missing (expected array)',
      "  - errorClasses.unknownTool.kind: Invalid discriminator value. Expected 'protocol-error' | 'tool-error' | 'none'",
    ]);
    expect(error.message).not.toMatch(/\n\s+at /); // no stack
  });

  it('rejects a descriptionHash that is not a sha256 hex digest', () => {
    const broken = copy(notesSnapshot());
    broken.tools[0].descriptionHash = 'abc';
    expect(errorOf(() => validateContractSnapshot(broken)).message).toContain('tools[0].descriptionHash: expected a sha256 hex digest');
  });

  it('rejects text that is not JSON', () => {
    expect(errorOf(() => parseContractSnapshot('{"format":', 'c.json')).message).toMatch(/^c\.json is not JSON: /);
  });

  it('hashes descriptions with sha256 hex', () => {
    expect(hashDescription('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('readContract', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpvet-contract-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a snapshot file', async () => {
    const file = join(dir, 'contract.json');
    writeFileSync(file, JSON.stringify(notesSnapshot()));
    expect((await readContract(file)).tools.map((t) => t.name)).toEqual(['search_notes', 'delete_note']);
  });

  it('reports a missing file in one line', async () => {
    const file = join(dir, 'missing.json');
    await expect(readContract(file)).rejects.toThrow(new ContractFormatError(`${file}: no such file`));
  });
});
