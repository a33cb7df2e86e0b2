import { describe, expect, it } from 'vitest';
import { CassetteFormatError, parseCassette } from '../../src/relay/cassette-format.js';

const header = {
  type: 'header',
  format: 'mcpvet-cassette',
  version: 1,
  recordedAt: '2026-01-01T00:00:00.000Z',
  target: { transport: 'stdio', description: 'node s.js' },
  transport: 'stdio',
  redactions: [],
};
const frame = (seq: number, extra: object = {}) => ({ type: 'frame', seq, t: seq, dir: 'client', kind: 'message', raw: '{}', ...extra });
const lines = (...records: object[]) => records.map((record) => JSON.stringify(record)).join('\n') + '\n';

describe('cassette format', () => {
  it('reads a header and its frames', () => {
    const cassette = parseCassette(
      lines(header, frame(0), frame(1, { dir: 'server', http: { exchange: 1, method: 'POST', path: '/mcp', status: 200, headers: {} } })),
    );
    expect(cassette.header.transport).toBe('stdio');
    expect(cassette.frames.map((f) => f.seq)).toEqual([0, 1]);
    expect(cassette.frames[1]?.http?.status).toBe(200);
  });

  it('refuses a file cut off mid-frame or mid-header, naming the line', () => {
    const cutFrame = lines(header, frame(0)) + '{"type":"frame","seq":1,"t":';
    expect(() => parseCassette(cutFrame, 'x.ndjson')).toThrow('x.ndjson:3: a frame line is not complete JSON: the file ends mid-line');
    const cutHeader = JSON.stringify(header).slice(0, 40);
    expect(() => parseCassette(cutHeader, 'x.ndjson')).toThrow('x.ndjson:1: the header line is not complete JSON: the file ends mid-line');
  });

  it('refuses a file that is not a cassette, another version, or a bad frame, with the line', () => {
    expect(() => parseCassette('', 'x.ndjson')).toThrow('x.ndjson: empty file');
    expect(() => parseCassette(lines({ hello: 1 }), 'x.ndjson')).toThrow('x.ndjson:1: not an mcpvet cassette');
    expect(() => parseCassette(lines({ ...header, version: 2 }), 'x.ndjson')).toThrow('format version 2 is not supported');
    expect(() => parseCassette(lines(header, frame(0, { dir: 'sideways' })), 'x.ndjson')).toThrow(/x\.ndjson:2: bad frame: dir/);
    expect(() => parseCassette(lines(header) + 'garbage\n' + lines(frame(0)), 'x.ndjson')).toThrow(CassetteFormatError);
  });
});
