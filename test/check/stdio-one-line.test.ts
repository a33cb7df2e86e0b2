/** stdio.no-embedded-newlines (STDIO-02): one message, one line. */
import { describe, expect, it } from 'vitest';
import { splitMessages } from '../../src/check/probes/stdio/split-messages.js';
import type { Frame } from '../../src/wire/trace.js';
import { expectCheck, expectFinding, fixtureStdio, notesStdio } from '../helpers/check.js';

const ID = 'stdio.no-embedded-newlines';

describe(ID, () => {
  for (const era of ['modern', 'legacy'] as const) {
    it(`passes on the notes server (${era})`, async () => {
      await expectCheck(ID, notesStdio(), 'pass', { era });
    });
    it(`fails with message-split on a server that pretty-prints tools/list (${era})`, async () => {
      const result = await expectCheck(ID, fixtureStdio('stdio-pretty-printed'), 'fail', { era });
      expectFinding(result, 'message-split', 'fail');
      expect(result.message).toContain('lines starting "{"');
    });
  }
  it('does not count log lines that merely look like JSON', () => {
    const line = (raw: string, kind: Frame['kind'] = 'pollution'): Frame => ({ seq: 0, time: 0, direction: 'receive', kind, raw });
    expect(splitMessages([line('{ "level": "info",'), line('  "msg": "started" }')])).toEqual([]);
    expect(splitMessages([line('{', 'parse-error'), line('"jsonrpc": "2.0", "id": 1, "result": {}'), line('}')])).toHaveLength(1);
  });
});
