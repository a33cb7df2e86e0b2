/**
 * Probes for the Streamable HTTP rules of 2026-07-28 (DIGEST §3): a modern request whose body and
 * mirrored headers the check controls one by one. Everything a probe does not change is exactly
 * what a correct client sends, so a rejection can only be about the changed part.
 */
import { MCPVET_CLIENT_INFO } from '../../../client/base-client.js';
import type { McpClient, RpcOutcome } from '../../../client/types.js';
import { TransportError } from '../../../protocol/transport-error.js';
import { modernHeaders } from '../../../protocol/headers.js';
import { isObject, type JsonObject } from '../../../protocol/jsonrpc.js';
import { withModernMeta } from '../../../protocol/meta.js';
import type { CheckContext, Evidence, NotJudged } from '../../types.js';
import { probeArguments } from '../../arguments/probe-arguments.js';

export interface ModernProbe {
  method: string;
  /** Params without `_meta` (the envelope is added unless `meta` says otherwise). */
  params?: JsonObject;
  /** Replaces the whole `_meta`; `false` sends params with no `_meta` at all. */
  meta?: JsonObject | false;
  /** Changes to the derived headers; null removes one. */
  headers?: Record<string, string | null>;
  /** tools/call: the tool's inputSchema, to derive Mcp-Param-* headers. */
  inputSchema?: unknown;
  id?: string;
}

export interface ProbeResult {
  outcome?: RpcOutcome;
  /** Set when the server did not answer (timeout, connection closed). */
  failure?: string;
  message: JsonObject;
}

let probeCounter = 0;

/** The params and headers a correct modern client would send for this request. */
export function modernEnvelope(
  client: McpClient,
  method: string,
  params: JsonObject = {},
  inputSchema?: unknown,
): { params: JsonObject; headers: Record<string, string> } {
  const wrapped = withModernMeta(params, { protocolVersion: client.protocolVersion, clientCapabilities: {}, clientInfo: MCPVET_CLIENT_INFO });
  return { params: wrapped, headers: modernHeaders({ protocolVersion: client.protocolVersion, method, params: wrapped, inputSchema }) };
}

export async function sendProbe(ctx: CheckContext, probe: ModernProbe, client: McpClient = ctx.client): Promise<ProbeResult> {
  const envelope = modernEnvelope(client, probe.method, probe.params, probe.inputSchema);
  let params: JsonObject | undefined = envelope.params;
  if (probe.meta === false) params = probe.params;
  else if (probe.meta) params = { ...probe.params, _meta: probe.meta };
  const message: JsonObject = { jsonrpc: '2.0', id: probe.id ?? `mcpvet-probe-${++probeCounter}`, method: probe.method };
  if (params !== undefined) message.params = params;
  try {
    const outcome = await client.raw(message, { headers: { ...envelope.headers, ...probe.headers } });
    return { outcome, message };
  } catch (error) {
    if (error instanceof TransportError) return { failure: error.message, message };
    throw error;
  }
}

/** Words for what came back: status, JSON-RPC error or result. */
export function describeAnswer(result: ProbeResult): string {
  if (result.failure) return `no answer (${result.failure})`;
  const outcome = result.outcome;
  if (!outcome) return 'no answer';
  const status = outcome.http ? `HTTP ${outcome.http.status}` : 'an answer';
  if (outcome.error) return `${status} with error ${outcome.error.code} "${outcome.error.message}"`;
  if (outcome.result) return `${status} with a result`;
  return `${status} with no JSON-RPC body`;
}

/** Why the answer is not `status` with JSON-RPC error `code`, or undefined when it is. */
export function expectRejection(result: ProbeResult, status: number, code: number): string | undefined {
  const outcome = result.outcome;
  if (outcome?.http?.status === status && outcome.error?.code === code) return undefined;
  return `got ${describeAnswer(result)}; the rule wants HTTP ${status} with error ${code}`;
}

export function probeEvidence(ctx: CheckContext, result: ProbeResult, client: McpClient = ctx.client): Evidence[] {
  return result.outcome ? [ctx.evidence(result.outcome.frames, client)] : [];
}

export interface NamedRequest {
  method: 'resources/read' | 'prompts/get' | 'tools/call';
  params: JsonObject;
  /** The value Mcp-Name mirrors. */
  name: string;
  inputSchema?: unknown;
  label: string;
}

/**
 * A request that carries Mcp-Name and is safe to send: reading a listed resource, getting a
 * listed prompt, or else calling a tool the user allowed.
 */
export async function namedRequest(ctx: CheckContext): Promise<NamedRequest | NotJudged> {
  const caps = ctx.client.serverCapabilities;
  if (isObject(caps.resources)) {
    const resources = await ctx.client.listAll('resources/list').catch(() => []);
    const uri = resources.find((resource) => typeof resource.uri === 'string')?.uri as string | undefined;
    if (uri) return { method: 'resources/read', params: { uri }, name: uri, label: `resources/read ${uri}` };
  }
  if (isObject(caps.prompts)) {
    const prompts = await ctx.client.listAll('prompts/list').catch(() => []);
    const prompt = prompts.find((candidate) => typeof candidate.name === 'string');
    if (prompt) {
      const args: Record<string, string> = {};
      for (const argument of Array.isArray(prompt.arguments) ? prompt.arguments : []) {
        if (isObject(argument) && argument.required === true && typeof argument.name === 'string') args[argument.name] = 'mcpvet';
      }
      const name = prompt.name as string;
      return { method: 'prompts/get', params: { name, arguments: args }, name, label: `prompts/get ${name}` };
    }
  }
  if (isObject(caps.tools)) {
    const reasons: string[] = [];
    for (const tool of await ctx.tools()) {
      const policy = ctx.callPolicy(tool);
      if (!policy.allowed) {
        reasons.push(policy.reason);
        continue;
      }
      const name = String(tool.name);
      return {
        method: 'tools/call',
        params: { name, arguments: await probeArguments(ctx, tool) },
        name,
        inputSchema: tool.inputSchema,
        label: `tools/call ${name}`,
      };
    }
    if (reasons.length) return { skip: `no resource or prompt is listed, and no tool may be called (${reasons[0]})`, incomplete: 'no-callable-tool' };
  }
  return { skip: 'the server lists no resource, prompt or callable tool, so no request carries Mcp-Name' };
}

export function base64Form(value: string): string {
  return `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}
