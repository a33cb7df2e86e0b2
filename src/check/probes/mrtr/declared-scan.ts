/**
 * Every InputRequiredResult of a run's traces, with the client capabilities its own request
 * declared (modern requests carry them in `_meta`): what the MUST NOT rules on input requests
 * are judged against.
 */
import { isObject, isRequest, isResponse, type JsonObject } from '../../../protocol/jsonrpc.js';
import { META } from '../../../protocol/meta.js';
import type { Frame, Trace } from '../../../wire/trace.js';

export interface AnsweredInputRequest {
  frame: Frame;
  key: string;
  request: JsonObject;
  /** The clientCapabilities of the request this InputRequiredResult answered ({} when absent). */
  declared: JsonObject;
}

export function inputRequestsWithDeclared(traces: Trace[]): AnsweredInputRequest[] {
  const out: AnsweredInputRequest[] = [];
  for (const trace of traces) {
    const byExchange = new Map<number, JsonObject>();
    const byId = new Map<string, JsonObject>();
    for (const frame of trace.frames) {
      if (frame.kind !== 'message' || !isObject(frame.message)) continue;
      const message = frame.message;
      if (frame.direction === 'send' && isRequest(message)) {
        const params = isObject(message.params) ? message.params : {};
        const meta = isObject(params._meta) ? params._meta : {};
        const declared = isObject(meta[META.clientCapabilities]) ? (meta[META.clientCapabilities] as JsonObject) : {};
        byId.set(JSON.stringify(message.id), declared);
        if (frame.http) byExchange.set(frame.http.exchange, declared);
        continue;
      }
      if (frame.direction !== 'receive' || !isResponse(message) || !isObject(message.result) || message.result.resultType !== 'input_required') continue;
      const declared = (frame.http ? byExchange.get(frame.http.exchange) : undefined) ?? byId.get(JSON.stringify(message.id)) ?? {};
      const requests = isObject(message.result.inputRequests) ? message.result.inputRequests : {};
      for (const [key, request] of Object.entries(requests)) if (isObject(request)) out.push({ frame, key, request, declared });
    }
  }
  return out;
}

/** The elicitation modes a capabilities object declares: `elicitation: {}` means form only. */
export function declaredElicitationModes(declared: JsonObject): string[] {
  const elicitation = declared.elicitation;
  if (!isObject(elicitation)) return [];
  const modes = ['form', 'url'].filter((mode) => mode in elicitation);
  return modes.length ? modes : ['form'];
}

/** The mode of an elicitation/create input request (absent means form). */
export function elicitationMode(request: JsonObject): string {
  const params = isObject(request.params) ? request.params : {};
  return typeof params.mode === 'string' ? params.mode : 'form';
}

/** A sampling/createMessage request that offers the model tools. */
export function samplesWithTools(request: JsonObject): boolean {
  const params = isObject(request.params) ? request.params : {};
  return request.method === 'sampling/createMessage' && ((Array.isArray(params.tools) && params.tools.length > 0) || params.toolChoice !== undefined);
}

export const declaresSamplingTools = (declared: JsonObject): boolean => isObject(declared.sampling) && isObject((declared.sampling as JsonObject).tools);
