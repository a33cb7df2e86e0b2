/**
 * A tool annotated readOnlyHint: true must not change what the server lists or returns: hosts
 * run such tools without asking. mcpvet takes the server's state twice (the lists it declares,
 * and the text of a few resources), keeps only what did not change between the two on its own,
 * calls each read-only tool it may call with arguments that tool took, and takes the state again.
 * A change of something that was stable is laid at that tool's door. It runs last (final checks
 * run one at a time), and over stdio on a process of its own, so no other check's calls interfere.
 */
import type { JsonObject, McpClient } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { canonicalJson as canonical } from '../../../wire/canonical-json.js';
import { TransportError } from '../../../protocol/transport-error.js';
import { goodCall } from '../../arguments/good-call.js';
import { defineCheck, incomplete, pass, skip, violation } from '../../define.js';
import type { CheckContext, Finding } from '../../types.js';

const LISTS: [capability: string, method: 'tools/list' | 'prompts/list' | 'resources/list'][] = [
  ['tools', 'tools/list'],
  ['prompts', 'prompts/list'],
  ['resources', 'resources/list'],
];
const MAX_TOOLS = 5;
const MAX_RESOURCES_READ = 10;

/** What the server lists and returns, by what was asked (`resources/read notes://n1`), as canonical text. */
type State = Map<string, string>;

export default defineCheck({
  id: 'security.annotation-lie',
  title: 'A tool annotated read-only changes nothing the server lists or returns',
  suite: 'security',
  requirements: ['SEC-ANNOTATION-LIE'],
  requires: ['tools'],
  spec: 'server/tools#tool-annotations',
  final: true,
  freshProcesses: 1,
  async run(ctx) {
    const readOnly = (await ctx.tools()).filter((tool) => isObject(tool.annotations) && tool.annotations.readOnlyHint === true);
    if (readOnly.length === 0) return skip('no tool is annotated readOnlyHint: true');
    const callable: { name: string; args: JsonObject }[] = [];
    const reasons: string[] = [];
    for (const tool of readOnly) {
      if (callable.length >= MAX_TOOLS) break;
      const good = await goodCall(ctx, tool);
      if (good.succeeded) callable.push({ name: String(tool.name), args: good.succeeded.candidate.args });
      else reasons.push(good.reason ?? `no call of "${String(tool.name)}" with valid arguments succeeded`);
    }
    if (callable.length === 0) return incomplete('no-callable-tool', `no read-only tool could be called: ${reasons.slice(0, 3).join('; ')}`);
    const client = ctx.target.transport === 'stdio' ? await ctx.openClient() : ctx.client;
    return compare(ctx, client, callable);
  },
});

async function compare(ctx: CheckContext, client: McpClient, tools: { name: string; args: JsonObject }[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  let stable = await stableState(client);
  for (const tool of tools) {
    if (ctx.signal.aborted) break;
    const from = client.trace.frames.length;
    await client.callTool(tool.name, tool.args).catch((error: unknown) => {
      if (!(error instanceof TransportError)) throw error;
    });
    const after = await state(client);
    const changed = [...stable].filter(([key, value]) => after.has(key) && after.get(key) !== value).map(([key]) => key);
    const gone = [...stable.keys()].filter((key) => !after.has(key) && !key.startsWith('resources/read'));
    if (changed.length + gone.length > 0) {
      const what = [...changed, ...gone.map((key) => `${key} (no answer now)`)];
      findings.push(
        violation(
          'state-changed',
          `"${tool.name}" is annotated readOnlyHint: true, but calling it changed ${what.slice(0, 4).join(', ')}${what.length > 4 ? ', …' : ''}`,
          [ctx.evidence({ from, to: client.trace.frames.length - 1 }, client)],
          { tool: tool.name, pointer: '/annotations/readOnlyHint' },
        ),
      );
      stable = await stableState(client);
    }
  }
  if (findings.length > 0) return findings;
  return [
    pass(
      `${tools.map((t) => `"${t.name}"`).join(', ')} changed nothing of ${stable.size} stable answer(s) (${[...stable.keys()].slice(0, 4).join(', ')}${stable.size > 4 ? ', …' : ''})`,
    ),
  ];
}

/** The state, keeping only the answers that came out the same twice (timestamps, random ids and counters drop out). */
async function stableState(client: McpClient): Promise<State> {
  const first = await state(client);
  const second = await state(client);
  return new Map([...first].filter(([key, value]) => second.get(key) === value));
}

async function state(client: McpClient): Promise<State> {
  const taken: State = new Map();
  for (const [capability, method] of LISTS) {
    if (!isObject(client.serverCapabilities[capability])) continue;
    const items = await client.listAll(method).catch(() => undefined);
    if (!items) continue;
    remember(taken, method, items);
    if (method !== 'resources/list') continue;
    for (const resource of items.slice(0, MAX_RESOURCES_READ)) {
      if (typeof resource.uri !== 'string') continue;
      const read = await client.readResource(resource.uri).catch(() => undefined);
      if (read?.result) remember(taken, `resources/read ${resource.uri}`, read.result.contents ?? read.result);
    }
  }
  return taken;
}

/** An answer too deep to compare is left out of the state rather than failing the check. */
function remember(taken: State, key: string, value: unknown): void {
  try {
    taken.set(key, canonical(value));
  } catch {
    // JsonTooDeepError: nothing to compare.
  }
}
