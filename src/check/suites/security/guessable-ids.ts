/**
 * Identifiers a server hands out are not guessable (SEC-GUESSABLE-IDS): handles, sessions and
 * tickets in what allowed tools return (each tool that returned one is called again for more
 * samples), and MRTR requestState values (modern era; several answers to the same request). The
 * samples of one identifier are judged together (guessable.ts); messages never quote a value.
 * Legacy Mcp-Session-Id values are judged by http.legacy-session-ids-unguessable (LHTTP-07).
 */
import type { JsonObject, RpcOutcome } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { TransportError } from '../../../protocol/transport-error.js';
import { goodCall } from '../../arguments/good-call.js';
import { defineCheck, incomplete, pass, violation } from '../../define.js';
import type { CheckContext, Finding } from '../../types.js';
import { ALL_INPUT_CAPABILITIES, findInputRequired, requestWith } from '../../probes/mrtr/input-required.js';
import { judgeIdentifiers, MIN_SAMPLES } from '../../probes/security/guessable.js';
import { handlesIn } from '../../probes/security/handles.js';

/** Tools tried per run, and calls of one tool (the first included) to sample its identifiers. */
const MAX_TOOLS = 10;
const SAMPLES = 4;
const MAX_TEXT_JSON = 64 * 1024;

interface Sampled {
  /** `tools/call open_handle` or `requestState of tools/call delete_note`. */
  label: string;
  tool?: string;
  pointer: string;
  values: (string | number)[];
  outcomes: RpcOutcome[];
}

export default defineCheck({
  id: 'security.guessable-ids',
  title: 'Handles and requestState values are not guessable',
  suite: 'security',
  requirements: ['SEC-GUESSABLE-IDS'],
  spec: 'basic/security_best_practices',
  async run(ctx) {
    const sampled = [...(await toolHandles(ctx)), ...(await requestStates(ctx))];
    const judged = sampled.filter((sample) => new Set(sample.values.map(String)).size >= MIN_SAMPLES);
    if (judged.length === 0) {
      return incomplete(
        'no-identifiers',
        sampled.length > 0
          ? `identifiers were handed out (${sampled.map(describe).join(', ')}) but repeated calls gave fewer than ${MIN_SAMPLES} distinct values`
          : `no allowed tool returned a handle, session or ticket, and no requestState was reached; allow a tool that hands them out with --allow-call or a --calls file`,
      );
    }
    const findings: Finding[] = [];
    for (const sample of judged) {
      const verdict = judgeIdentifiers(sample.values);
      if (!verdict) continue;
      findings.push({
        ...violation(
          verdict.code,
          `${sample.label} handed out ${new Set(sample.values.map(String)).size} values of ${sample.pointer} that can be guessed: ${verdict.why}; another caller can name one it was never given. Use at least 128 random bits (a random UUID, crypto.randomBytes(16)) or a signed token`,
          sample.outcomes.slice(0, 2).map((outcome) => ctx.evidence(outcome.frames)),
          sample.tool !== undefined ? { tool: sample.tool, pointer: sample.pointer } : undefined,
        ),
        requirement: 'SEC-GUESSABLE-IDS',
      });
    }
    return findings.length > 0 ? findings : pass(`judged ${judged.map(describe).join(', ')}: none looks guessable`);
  },
});

const describe = (sample: Sampled): string => `${sample.label} ${sample.pointer} (${new Set(sample.values.map(String)).size} distinct)`;

/** Handle-like values in allowed tools' answers; a tool that returned any is called again for more. */
async function toolHandles(ctx: CheckContext): Promise<Sampled[]> {
  if (!isObject(ctx.client.serverCapabilities.tools)) return [];
  const tools = (await ctx.tools()).filter((tool) => ctx.callPolicy(tool).allowed).slice(0, MAX_TOOLS);
  const out: Sampled[] = [];
  for (const tool of tools) {
    if (ctx.signal.aborted) break;
    const call = await goodCall(ctx, tool);
    const first = call.succeeded?.outcome;
    if (!call.succeeded || !first?.result || handlesOf(first.result).size === 0) continue;
    const name = String(tool.name);
    const outcomes = [first];
    for (let n = 1; n < SAMPLES; n++) {
      const again = await callOnce(ctx, name, call.succeeded.candidate.args);
      if (again?.result) outcomes.push(again);
    }
    const byPointer = new Map<string, (string | number)[]>();
    for (const outcome of outcomes)
      for (const [pointer, values] of handlesOf(outcome.result as JsonObject)) byPointer.set(pointer, [...(byPointer.get(pointer) ?? []), ...values]);
    for (const [pointer, values] of byPointer) out.push({ label: `tools/call ${name}`, tool: name, pointer, values, outcomes });
  }
  return out;
}

async function callOnce(ctx: CheckContext, name: string, args: JsonObject): Promise<RpcOutcome | undefined> {
  try {
    return await ctx.client.callTool(name, args);
  } catch (error) {
    if (error instanceof TransportError) return undefined;
    throw error;
  }
}

/** Handles in a result: structuredContent, and text content that is JSON. */
function handlesOf(result: JsonObject): Map<string, (string | number)[]> {
  const found = handlesIn(result.structuredContent, '/result/structuredContent');
  const content = Array.isArray(result.content) ? result.content : [];
  content.forEach((block, index) => {
    if (!isObject(block) || block.type !== 'text' || typeof block.text !== 'string' || block.text.length > MAX_TEXT_JSON || !/^\s*[[{]/.test(block.text))
      return;
    try {
      for (const [pointer, values] of handlesIn(JSON.parse(block.text), `/result/content/${index}/text`))
        found.set(pointer, [...(found.get(pointer) ?? []), ...values]);
    } catch {
      // Not JSON after all.
    }
  });
  return found;
}

/** Modern era: requestState of several input_required answers to the same request. */
async function requestStates(ctx: CheckContext): Promise<Sampled[]> {
  if (ctx.era !== 'modern') return [];
  const found = await findInputRequired(ctx);
  if (!('candidate' in found)) return [];
  const outcomes = [found.outcome];
  for (let n = 1; n < SAMPLES && !ctx.signal.aborted; n++) {
    try {
      outcomes.push(await requestWith(ctx.client, found.candidate, ALL_INPUT_CAPABILITIES));
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
    }
  }
  const values = outcomes.map((outcome) => outcome.result?.requestState).filter((state): state is string => typeof state === 'string');
  if (values.length === 0) return [];
  const tool = found.candidate.method === 'tools/call' ? String(found.candidate.params.name) : undefined;
  return [{ label: `requestState of ${found.candidate.label}`, tool, pointer: '/result/requestState', values, outcomes }];
}
