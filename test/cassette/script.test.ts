import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseScript, ScriptError } from '../../src/cassette/script.js';
import { NOTES_SERVER } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';
import { tempDir } from './support.js';

describe('record --script', () => {
  it('reads every kind of step', () => {
    const steps = parseScript(
      [
        '- list: tools',
        '- call: { tool: get_note, arguments: { id: n1 } }',
        '- read: notes://readme',
        '- prompt: { name: summarize_note, arguments: { id: n1 } }',
        '- request: { method: ping }',
        '- notify: { method: notifications/x }',
      ].join('\n'),
    );
    expect(steps.map((step) => Object.keys(step)[0])).toEqual(['list', 'call', 'read', 'prompt', 'request', 'notify']);
  });

  it('names the step that is wrong', () => {
    expect(() => parseScript('- list: tools\n- cal: { tool: x }', 's.yaml')).toThrow(/s\.yaml: step 2 \(cal\) is not one of/);
    expect(() => parseScript('call: x', 's.yaml')).toThrow(ScriptError);
    expect(() => parseScript('- list: [', 's.yaml')).toThrow('s.yaml: not YAML');
  });

  it('a bad script is a usage error before any server starts', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.yaml'), '- explode: now\n');
    const run = await runCli(['record', '--script', join(dir, 'bad.yaml'), '-o', join(dir, 'out.ndjson'), '--', process.execPath, NOTES_SERVER]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('step 1 (explode) is not one of');
  });
});
