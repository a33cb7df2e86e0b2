/**
 * Scripted recordings: a YAML list of steps that mcpvet performs as the client, so a cassette can
 * be made in CI without any MCP client.
 *
 *   - list: tools                      # tools | resources | templates | prompts (all pages)
 *   - call: { tool: get_note, arguments: { id: n1 } }
 *   - read: notes://readme
 *   - prompt: { name: summarize_note, arguments: { id: n1 } }
 *   - request: { method: completion/complete, params: { ... } }
 *   - notify: { method: notifications/roots/list_changed }
 */
import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { McpClient } from '../client/types.js';

const Args = z.record(z.string(), z.unknown());
const Step = z.union([
  z.object({ call: z.object({ tool: z.string().min(1), arguments: Args.optional() }).strict() }).strict(),
  z.object({ list: z.enum(['tools', 'resources', 'templates', 'prompts']) }).strict(),
  z.object({ read: z.union([z.string().min(1), z.object({ uri: z.string().min(1) }).strict()]) }).strict(),
  z.object({ prompt: z.object({ name: z.string().min(1), arguments: z.record(z.string(), z.string()).optional() }).strict() }).strict(),
  z.object({ request: z.object({ method: z.string().min(1), params: Args.optional() }).strict() }).strict(),
  z.object({ notify: z.object({ method: z.string().min(1), params: Args.optional() }).strict() }).strict(),
]);

export type ScriptStep = z.infer<typeof Step>;

export class ScriptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScriptError';
  }
}

export function parseScript(text: string, source = 'script'): ScriptStep[] {
  let document: unknown;
  try {
    document = parseYaml(text);
  } catch (error) {
    throw new ScriptError(`${source}: not YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!Array.isArray(document)) throw new ScriptError(`${source}: a script is a YAML list of steps (- call: …, - list: tools, …)`);
  return document.map((entry, index) => {
    const step = Step.safeParse(entry);
    if (step.success) return step.data;
    const keys = entry && typeof entry === 'object' ? Object.keys(entry).join(', ') : JSON.stringify(entry);
    throw new ScriptError(
      `${source}: step ${index + 1} (${keys}) is not one of: call {tool, arguments}, list tools|resources|templates|prompts, read URI, prompt {name, arguments}, request {method, params}, notify {method, params}`,
    );
  });
}

export async function loadScript(path: string): Promise<ScriptStep[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ScriptError(`cannot read --script ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  return parseScript(text, path);
}

const LISTS = { tools: 'tools/list', resources: 'resources/list', templates: 'resources/templates/list', prompts: 'prompts/list' } as const;

/** Runs the steps in order; an error answer is recorded like any answer and the script goes on. Returns one line per step. */
export async function runScript(client: McpClient, steps: ScriptStep[]): Promise<string[]> {
  const lines: string[] = [];
  for (const step of steps) {
    if ('call' in step) lines.push(outcomeLine(`call ${step.call.tool}`, await client.callTool(step.call.tool, step.call.arguments ?? {})));
    else if ('list' in step) lines.push(`list ${step.list}: ${(await client.listAll(LISTS[step.list])).length} item(s)`);
    else if ('read' in step) {
      const uri = typeof step.read === 'string' ? step.read : step.read.uri;
      lines.push(outcomeLine(`read ${uri}`, await client.readResource(uri)));
    } else if ('prompt' in step) lines.push(outcomeLine(`prompt ${step.prompt.name}`, await client.getPrompt(step.prompt.name, step.prompt.arguments ?? {})));
    else if ('request' in step) lines.push(outcomeLine(`request ${step.request.method}`, await client.request(step.request.method, step.request.params ?? {})));
    else {
      await client.notify(step.notify.method, step.notify.params);
      lines.push(`notify ${step.notify.method}`);
    }
  }
  return lines;
}

function outcomeLine(label: string, outcome: { error?: { code: number; message: string }; result?: Record<string, unknown> }): string {
  if (outcome.error) return `${label}: error ${outcome.error.code} ${outcome.error.message}`;
  return `${label}: ${outcome.result?.isError === true ? 'tool error' : 'ok'}`;
}
