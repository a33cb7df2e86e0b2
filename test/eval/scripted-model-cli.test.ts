/** `mcpvet eval model`: the built CLI serves the scripted model until SIGTERM, and leaves nothing running. */
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateText, stepCountIs, streamText } from 'ai';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { killLeftovers, leftovers, processMarker } from '../helpers/leftovers.js';
import { runCli, startListening } from '../helpers/run.js';
import { CLI } from '../helpers/paths.js';
import { providerModel, weatherTools } from '../helpers/scripted-model.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpvet-eval-model-'));
const marker = processMarker();
afterEach(() => killLeftovers(marker));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeScript(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

const SCRIPT = [
  'rules:',
  '  - match: { contains: "weather in Boston" }',
  '    replies:',
  '      - tool: get_weather',
  '        arguments: { city: Boston }',
  '      - answer: "It is {{lastToolResult}}."',
].join('\n');

describe('mcpvet eval model', () => {
  it('prints a base URL per protocol, serves both through the AI SDK, and stops on SIGTERM', async () => {
    const server = await startListening([CLI, 'eval', 'model', '--script', writeScript('weather.yaml', SCRIPT)], marker);
    // The lines after "listening on" may come in a later chunk.
    const deadline = Date.now() + 5000;
    while (!/Stop it with/.test(server.stderr()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const stderr = server.stderr();
    const openaiBaseUrl = /--model openai-compatible:scripted --base-url (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(stderr)?.[1];
    const anthropicBaseUrl = /--model anthropic:scripted --base-url anthropic:scripted=(http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(stderr)?.[1];
    expect(openaiBaseUrl, stderr).toBe(`${server.url}/v1`);
    expect(anthropicBaseUrl, stderr).toBe(`${server.url}/v1`);
    const base = { openaiBaseUrl: openaiBaseUrl as string, anthropicBaseUrl: anthropicBaseUrl as string };

    const prompt = 'What is the weather in Boston?';
    const viaOpenAI = await generateText({ model: providerModel('openai-compatible', base), prompt, tools: weatherTools(), stopWhen: stepCountIs(4) });
    expect(viaOpenAI.text).toBe('It is sunny in Boston.');
    const viaAnthropic = streamText({ model: providerModel('anthropic', base), prompt, tools: weatherTools(), stopWhen: stepCountIs(4), onError: () => {} });
    expect(await viaAnthropic.text).toBe('It is sunny in Boston.');

    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    const [code, signal] = await exited;
    expect(code === 143 || signal === 'SIGTERM', `code ${code}, signal ${signal}`).toBe(true);
    expect(await leftovers(marker)).toEqual([]);
    await expect(fetch(`${server.url}/v1/models`)).rejects.toThrow();
  });

  it('serves the lexical policy without a script', async () => {
    const server = await startListening([CLI, 'eval', 'model', '--port', '0'], marker);
    try {
      expect(server.stderr()).toContain('lexical policy for every task');
      const result = await generateText({
        model: providerModel('openai-compatible', { openaiBaseUrl: `${server.url}/v1`, anthropicBaseUrl: `${server.url}/v1` }),
        prompt: 'What is the weather in Boston?',
        tools: weatherTools(),
        stopWhen: stepCountIs(4),
      });
      expect(result.text).toBe('sunny in Boston');
    } finally {
      await server.stop();
    }
    expect(await leftovers(marker)).toEqual([]);
  });

  it.each([
    [['--port', '70000'], 'mcpvet: --port takes a port from 0 to 65535, not "70000"'],
    [['--script', join(dir, 'missing.yaml')], `mcpvet: cannot read --script ${join(dir, 'missing.yaml')}: ENOENT`],
    [
      ['--script', writeScript('bad.yaml', 'rules:\n  - match: { contains: x }\n    replies: [{ tool: get, argument: {} }]\n')],
      'rules[0].replies[0].argument: unknown field',
    ],
  ])('refuses %j with one line and exit 1', async (flags, message) => {
    const result = await runCli(['eval', 'model', ...flags], { env: marker });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
