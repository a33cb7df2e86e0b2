import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseScript, ScriptError } from '../../src/cassette/script.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

  it('writes a large answer as it crossed the wire, not re-serialized from the head its trace keeps', async () => {
    const dir = tempDir();
    const lib = fileURLToPath(new URL('../hostile/servers/lib.mjs', import.meta.url));
    // tools/list answered with 200 KB of JSON laid out as JSON.stringify never would (spaces after colons).
    const server = join(dir, 'spaced.mjs');
    writeFileSync(
      server,
      `import { normalAnswer, onStdinMessages, send } from ${JSON.stringify(lib)};
const tools = Array.from({ length: 1000 }, (_, i) => ({ name: 'tool_' + i, description: 'x'.repeat(150), inputSchema: { type: 'object' } }));
onStdinMessages((message) => {
  const answer = normalAnswer(message, tools);
  if (!answer) return;
  if (message.method === 'tools/list') process.stdout.write(JSON.stringify(answer).replaceAll('":', '": ') + '\\n');
  else send(answer);
});
`,
    );
    writeFileSync(join(dir, 'steps.yaml'), '- list: tools\n');
    const run = await runCli(['record', '--script', join(dir, 'steps.yaml'), '-o', join(dir, 'out.ndjson'), '--', process.execPath, server]);
    expect(run.code, run.stderr).toBe(0);
    const frames = readFileSync(join(dir, 'out.ndjson'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line));
    const listed = frames.find((frame) => frame.dir === 'server' && frame.raw.includes('"tool_999"'));
    expect(listed.raw.length).toBeGreaterThan(100_000);
    expect(listed.raw).toContain('"tools": [');
  });
});
