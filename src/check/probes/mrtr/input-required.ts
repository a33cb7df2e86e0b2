/**
 * Finding and answering MRTR `input_required` results (DIGEST §7). Only tools the call policy
 * allows are called; resources/read and prompts/get never change anything, so listed resources
 * and prompts are tried too. Every probe declares its capabilities in its own `_meta`, since
 * a modern server may rely only on what the request itself declares.
 */
import type { McpClient, RpcOutcome } from '../../../client/types.js';
import { isObject, type JsonObject } from '../../../protocol/jsonrpc.js';
import { META } from '../../../protocol/meta.js';
import type { CheckContext, Evidence, NotJudged } from '../../types.js';
import { callWithCandidates, toolArguments } from '../../arguments/call.js';
import { summarize } from '../tools/answer.js';
import { sampleForm } from './sample-values.js';

/** Names shown in a message: a server may list 200,000 tools. */
const NAMES_SHOWN = 20;

export type InputMethod = 'tools/call' | 'resources/read' | 'prompts/get';

/** The capabilities that let a server ask for every kind of input. `elicitation: {}` means form mode. */
export const ALL_INPUT_CAPABILITIES: JsonObject = { elicitation: {}, sampling: {}, roots: {} };

/** Which client capability each kind of input request needs. */
export const CAPABILITY_OF_KIND: Record<string, string> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

export interface InputCandidate {
  method: InputMethod;
  params: JsonObject;
  /** For messages, e.g. 'tools/call delete_note'. */
  label: string;
  /** A tool annotated readOnlyHint: true (its requestState may guard nothing). */
  readOnly: boolean;
  /** A tool's listing: its arguments are chosen when it is tried (src/check/arguments). */
  tool?: Record<string, unknown>;
  /** Where each argument came from, once chosen (for the evidence). */
  argumentSources?: string;
}

export interface InputRequiredFound {
  candidate: InputCandidate;
  outcome: RpcOutcome;
  result: JsonObject;
  /** Capabilities the input requests need (elicitation, sampling, roots). */
  capabilities: string[];
}

const MAX_PROBES = 12;
const MAX_PER_LIST = 5;

/** Params with this request's own client capabilities (keys the caller gave win in the envelope). */
export function withCapabilities(params: JsonObject, capabilities: JsonObject): JsonObject {
  const meta = isObject(params._meta) ? params._meta : {};
  return { ...params, _meta: { ...meta, [META.clientCapabilities]: capabilities } };
}

export function requestWith(client: McpClient, candidate: InputCandidate, capabilities: JsonObject, extra: JsonObject = {}): Promise<RpcOutcome> {
  return client.request(candidate.method, withCapabilities({ ...candidate.params, ...extra }, capabilities));
}

export const isInputRequired = (outcome: RpcOutcome): boolean => outcome.result?.resultType === 'input_required';

/** The capabilities an InputRequiredResult's requests need, e.g. ['elicitation']. */
export function capabilitiesNeeded(result: JsonObject): string[] {
  const requests = isObject(result.inputRequests) ? Object.values(result.inputRequests) : [];
  const needed = new Set<string>();
  for (const request of requests) {
    const capability = isObject(request) && typeof request.method === 'string' ? CAPABILITY_OF_KIND[request.method] : undefined;
    if (capability) needed.add(capability);
  }
  return [...needed];
}

/** The requests worth trying, in order: allowed tools that change things first (they ask for confirmation most). */
export async function inputCandidates(ctx: CheckContext): Promise<{ candidates: InputCandidate[]; notAllowed: string[] }> {
  const caps = ctx.client.serverCapabilities;
  const candidates: InputCandidate[] = [];
  const notAllowed: string[] = [];
  if (isObject(caps.tools)) {
    const tools = await ctx.tools();
    // Only the first MAX_PROBES of each kind can be tried: a candidate for each of 10,000 tools, per check, was garbage.
    const changing: InputCandidate[] = [];
    const readOnlyOnes: InputCandidate[] = [];
    for (const tool of tools) {
      const policy = ctx.callPolicy(tool);
      if (!policy.allowed) {
        notAllowed.push(String(tool.name));
        continue;
      }
      const readOnly = isObject(tool.annotations) && tool.annotations.readOnlyHint === true;
      const kind = readOnly ? readOnlyOnes : changing;
      if (kind.length < MAX_PROBES) kind.push({ method: 'tools/call', params: { name: tool.name }, label: `tools/call ${String(tool.name)}`, readOnly, tool });
    }
    candidates.push(...changing, ...readOnlyOnes);
  }
  if (isObject(caps.prompts)) {
    const prompts = await ctx.client.listAll('prompts/list').catch(() => []);
    for (const prompt of prompts.slice(0, MAX_PER_LIST)) {
      const args: Record<string, string> = {};
      for (const argument of Array.isArray(prompt.arguments) ? prompt.arguments : []) {
        if (isObject(argument) && argument.required === true && typeof argument.name === 'string') args[argument.name] = 'mcpvet';
      }
      candidates.push({ method: 'prompts/get', params: { name: prompt.name, arguments: args }, label: `prompts/get ${String(prompt.name)}`, readOnly: false });
    }
  }
  if (isObject(caps.resources)) {
    const resources = await ctx.client.listAll('resources/list').catch(() => []);
    for (const resource of resources.slice(0, MAX_PER_LIST)) {
      candidates.push({ method: 'resources/read', params: { uri: resource.uri }, label: `resources/read ${String(resource.uri)}`, readOnly: false });
    }
  }
  return { candidates: candidates.slice(0, MAX_PROBES), notAllowed };
}

/**
 * Requests (by label) that answered without asking for input, per run (keyed by the run's shared
 * client): later checks do not send them again, so an allowed tool that changes things (add_note)
 * is called once per run as a probe, not once per check.
 */
const answeredPlainly = new WeakMap<McpClient, Set<string>>();

/**
 * The first request that answers `input_required` when every input capability is declared.
 * Returns a skip reason, naming the tools that were not allowed, when none does.
 */
export async function findInputRequired(
  ctx: CheckContext,
  options: { client?: McpClient; accept?: (found: InputRequiredFound) => boolean } = {},
): Promise<InputRequiredFound | NotJudged> {
  const client = options.client ?? ctx.client;
  const { candidates, notAllowed } = await inputCandidates(ctx);
  let known = answeredPlainly.get(ctx.client);
  if (!known) answeredPlainly.set(ctx.client, (known = new Set()));
  for (const candidate of candidates) {
    if (ctx.signal.aborted) break;
    if (known.has(candidate.label)) continue;
    const tried = await tryCandidate(ctx, client, candidate);
    if (!tried) {
      known.add(candidate.label);
      continue;
    }
    const { outcome } = tried;
    if (!outcome.result || !isInputRequired(outcome)) {
      known.add(candidate.label);
      continue;
    }
    const found = { candidate: tried.candidate, outcome, result: outcome.result, capabilities: capabilitiesNeeded(outcome.result) };
    if (!options.accept || options.accept(found)) return found;
  }
  const tried = candidates.length
    ? `${candidates.length} request(s) tried (${summarize(
        candidates.map((c) => c.label),
        NAMES_SHOWN,
        ', ',
      )})`
    : 'nothing could be tried';
  const hint = notAllowed.length ? `; tools not called: ${summarize(notAllowed, NAMES_SHOWN, ', ')} (allow them with --allow-call or a --calls file)` : '';
  return { skip: `no request answered input_required: ${tried}${hint}`, incomplete: notAllowed.length ? 'no-callable-tool' : 'no-input-required' };
}

/**
 * One candidate's answer. A tool is called with the arguments src/check/arguments chooses (the
 * server's own ids first), moving on while it answers "not found"; the candidate returned carries
 * the arguments that got the answer and where they came from.
 */
async function tryCandidate(
  ctx: CheckContext,
  client: McpClient,
  candidate: InputCandidate,
): Promise<{ candidate: InputCandidate; outcome: RpcOutcome } | undefined> {
  if (!candidate.tool) return { candidate, outcome: await requestWith(client, candidate, ALL_INPUT_CAPABILITIES) };
  const chosen = await toolArguments(ctx, candidate.tool);
  if (!chosen.candidates) return undefined;
  const withArgs = (args: JsonObject): InputCandidate => ({ ...candidate, params: { ...candidate.params, arguments: args } });
  const attempts = await callWithCandidates(ctx, candidate.tool, chosen.candidates, {
    send: (args) => requestWith(client, withArgs(args), ALL_INPUT_CAPABILITIES),
  });
  const last = attempts.at(-1);
  if (!last?.outcome) return undefined;
  return { candidate: { ...withArgs(last.candidate.args), argumentSources: last.sources }, outcome: last.outcome };
}

/** Evidence of the request that answered input_required, saying where its arguments came from. */
export function foundEvidence(ctx: CheckContext, found: InputRequiredFound, client?: McpClient): Evidence {
  const evidence = ctx.evidence(found.outcome.frames, client);
  return found.candidate.argumentSources ? { ...evidence, note: `arguments: ${found.candidate.argumentSources}` } : evidence;
}

/** An answer for one input request: forms filled from their schema, a canned model reply, no roots. */
export function answerFor(request: unknown): JsonObject {
  const method = isObject(request) ? request.method : undefined;
  const params = isObject(request) && isObject(request.params) ? request.params : {};
  switch (method) {
    case 'elicitation/create':
      return params.mode === 'url' ? { action: 'accept' } : { action: 'accept', content: sampleForm(params.requestedSchema) };
    case 'sampling/createMessage':
      return { role: 'assistant', content: { type: 'text', text: 'mcpvet' }, model: 'mcpvet', stopReason: 'endTurn' };
    case 'roots/list':
      return { roots: [] };
    default:
      return {};
  }
}

/** The params of the retry: the original params, answers to every input request, the exact requestState. */
export function retryParams(result: JsonObject): JsonObject {
  const extra: JsonObject = {};
  if (isObject(result.inputRequests)) {
    extra.inputResponses = Object.fromEntries(Object.entries(result.inputRequests).map(([key, request]) => [key, answerFor(request)]));
  }
  if (typeof result.requestState === 'string') extra.requestState = result.requestState;
  return extra;
}

/** Words for an outcome: the error, the result type, or the HTTP status. */
export function describeOutcome(outcome: RpcOutcome | undefined): string {
  if (!outcome) return 'no answer';
  const status = outcome.http ? `HTTP ${outcome.http.status} ` : '';
  if (outcome.error) return `${status}error ${outcome.error.code} "${outcome.error.message}"`;
  if (outcome.result) {
    const type = typeof outcome.result.resultType === 'string' ? outcome.result.resultType : 'complete';
    return `${status}a ${type} result${outcome.result.isError === true ? ' with isError: true' : ''}`;
  }
  return `${status}no JSON-RPC answer`;
}
