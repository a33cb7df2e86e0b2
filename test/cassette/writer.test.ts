/**
 * Closing a cassette rewrites its header in front of the frames, copying them a chunk (1 MiB) at a
 * time: a cassette of several chunks comes out whole, frame for frame, behind the final header.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Redactor } from '../../src/cassette/redact.js';
import { CassetteWriter } from '../../src/cassette/writer.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpvet-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('CassetteWriter.close', () => {
  it('keeps every frame of a cassette larger than one copy chunk, in order, behind a complete header', () => {
    const path = join(dir, 'large.jsonl');
    const writer = new CassetteWriter({ path, target: { transport: 'stdio', command: 'server', args: [] }, redactor: new Redactor() });
    const frames = 400;
    // 400 frames of ~10 KB: about 4 MB, four copy chunks and a partial one.
    for (let index = 0; index < frames; index++)
      writer.write({
        dir: 'server',
        kind: 'message',
        raw: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { index, pad: 'x'.repeat(10_000) } }),
      });
    const before = readFileSync(path, 'utf8').split('\n').slice(1);
    writer.close();
    const lines = readFileSync(path, 'utf8').split('\n');
    expect(JSON.parse(lines[0] as string)).toMatchObject({ type: 'header', complete: true });
    expect(lines.slice(1)).toEqual(before);
    expect(
      lines
        .slice(1)
        .filter(Boolean)
        .map((line) => JSON.parse(line).seq),
    ).toEqual(Array.from({ length: frames }, (_, index) => index));
    expect(readFileSync(path).length).toBeGreaterThan(3 * 1024 * 1024);
  });
});
