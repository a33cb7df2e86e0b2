/**
 * delete_note asks the user to confirm. Modern era: an MRTR round trip (InputRequiredResult with
 * an HMAC-sealed requestState, then a retry carrying inputResponses.confirm). Legacy era: a
 * JSON-RPC `elicitation/create` request to the client, when it declared elicitation.
 */
import { Code, RpcError, isObject, LATEST_LEGACY_VERSION, type Json } from './protocol.js';
import type { LegacySession } from './types.js';
import type { ToolCall, ToolEnv } from './tools.js';
import { openState, sealState } from './request-state.js';

export interface ConfirmationEnv {
  stateSecret: string;
  stateTtlMs: number;
  elicitationTimeoutMs: number;
  /** Id for a server -> client request (legacy era only). */
  nextRequestId(): string;
}

const CONFIRM_SCHEMA = { type: 'object', properties: { confirm: { type: 'boolean', title: 'Delete the note?' } }, required: ['confirm'] };
const text = (value: string, isError = false): Json => ({ content: [{ type: 'text', text: value }], ...(isError ? { isError } : {}) });
const confirmed = (answer: Json): boolean => answer.action === 'accept' && isObject(answer.content) && answer.content.confirm === true;

function deleteNow(env: ToolEnv, id: string): Json {
  if (!env.store.delete(id)) return text(`No note with id ${id}`, true);
  env.hub.noteChanged(id);
  return text(`Deleted note ${id}`);
}

export async function confirmDeletion(env: ToolEnv, id: string, call: ToolCall): Promise<Json> {
  return call.legacy ? confirmByRequest(env, id, call) : confirmByInputRequest(env, id, call);
}

/** Form-mode elicitation: `elicitation: {}` means form only; otherwise `form` must be listed. */
function supportsFormElicitation(caps: Json): boolean {
  const elicitation = caps.elicitation;
  if (!isObject(elicitation)) return false;
  return !('form' in elicitation) && !('url' in elicitation) ? true : 'form' in elicitation;
}

async function confirmByInputRequest(env: ToolEnv, id: string, call: ToolCall): Promise<Json> {
  if (!supportsFormElicitation(call.clientCapabilities)) {
    throw new RpcError(Code.MissingRequiredClientCapability, 'delete_note needs form elicitation to confirm the deletion', {
      requiredCapabilities: { elicitation: {} },
    });
  }
  const args = call.params.arguments;
  const { requestState, inputResponses } = call.params;
  // The state is checked before anything else, so a replay is refused even once the note is gone.
  let claim;
  if (requestState !== undefined) {
    const opened = openState(env.stateSecret, requestState, 'delete_note', args, call.ctx.principal);
    if (!opened.ok) throw new RpcError(Code.InvalidParams, opened.reason);
    if (env.store.isNonceSpent(opened.claim.nonce)) throw new RpcError(Code.InvalidParams, 'requestState was already used');
    claim = opened.claim;
  }
  const note = env.store.get(id);
  if (!note) return text(`No note with id ${id}`, true);
  const ask = (state: string): Json => ({
    resultType: 'input_required',
    inputRequests: {
      confirm: {
        method: 'elicitation/create',
        params: { mode: 'form', message: `Delete note ${id} ("${note.title}")? This cannot be undone.`, requestedSchema: CONFIRM_SCHEMA },
      },
    },
    requestState: state,
  });
  if (!claim) return ask(sealState(env.stateSecret, 'delete_note', args, env.stateTtlMs, call.ctx.principal));
  if (inputResponses !== undefined && !isObject(inputResponses)) throw new RpcError(Code.InvalidParams, 'inputResponses must be an object');
  const answer = inputResponses?.confirm;
  // No answer yet: ask again with the same (still unspent) state rather than failing.
  if (answer === undefined) return ask(requestState as string);
  if (!isObject(answer) || !['accept', 'decline', 'cancel'].includes(answer.action as string)) {
    throw new RpcError(Code.InvalidParams, 'inputResponses.confirm must be an ElicitResult {action, content?}');
  }
  if (!env.store.spendNonce(claim.nonce, claim.exp)) throw new RpcError(Code.InvalidParams, 'requestState was already used');
  return confirmed(answer) ? deleteNow(env, id) : text(`Note ${id} was not deleted: the user did not confirm`);
}

async function confirmByRequest(env: ToolEnv, id: string, call: ToolCall): Promise<Json> {
  const session = call.ctx.session;
  const version = session?.protocolVersion ?? LATEST_LEGACY_VERSION;
  // Elicitation arrived in 2025-06-18; older sessions cannot have it.
  if (!session || !isObject(session.clientCapabilities.elicitation) || version < '2025-06-18') {
    return text('delete_note needs the user to confirm, and this client did not declare elicitation', true);
  }
  const note = env.store.get(id);
  if (!note) return text(`No note with id ${id}`, true);
  const params: Json = { message: `Delete note ${id} ("${note.title}")? This cannot be undone.`, requestedSchema: CONFIRM_SCHEMA };
  if (version >= '2025-11-25') params.mode = 'form';
  const response = await requestFromClient(
    session,
    call,
    { jsonrpc: '2.0', id: env.nextRequestId(), method: 'elicitation/create', params },
    env.elicitationTimeoutMs,
  );
  if ('timeout' in response) return text(`No confirmation within ${env.elicitationTimeoutMs} ms; note ${id} was not deleted`, true);
  if (!isObject(response.result)) return text(`The client could not confirm; note ${id} was not deleted`, true);
  return confirmed(response.result) ? deleteNow(env, id) : text(`Note ${id} was not deleted: the user did not confirm`);
}

/** Sends a server -> client request and waits for its response, the timeout, or cancellation. */
function requestFromClient(session: LegacySession, call: ToolCall, request: Json, timeoutMs: number): Promise<Json | { timeout: true }> {
  const requestId = request.id as string;
  return new Promise((resolve) => {
    const finish = (value: Json | { timeout: true }): void => {
      clearTimeout(timer);
      session.pending.delete(requestId);
      call.ctx.signal?.removeEventListener('abort', onAbort);
      resolve(value);
    };
    const onAbort = (): void => finish({ timeout: true });
    const timer = setTimeout(onAbort, timeoutMs);
    call.ctx.signal?.addEventListener('abort', onAbort, { once: true });
    session.pending.set(requestId, finish);
    call.ctx.send(request);
  });
}
