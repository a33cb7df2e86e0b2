/** Reading a run's traces: server messages with the method of the request they answer. */
import { isObject, isRequest, isResponse, type JsonObject } from '../../../protocol/jsonrpc.js';
import type { Frame, Trace } from '../../../wire/trace.js';
import { violation } from '../../define.js';
import type { Finding } from '../../types.js';

export interface ServerMessage {
  frame: Frame;
  message: JsonObject;
  /** For responses: the method of the request they answer (by HTTP exchange, else by id). */
  method?: string;
}

/** Every JSON message the server sent on this trace, in order. */
export function* serverMessages(trace: Trace): Generator<ServerMessage> {
  const byExchange = new Map<number, string>();
  const byId = new Map<string, string>();
  for (const frame of trace.frames) {
    if (frame.kind !== 'message' || !isObject(frame.message)) continue;
    const message = frame.message;
    if (frame.direction === 'send') {
      if (isRequest(message)) {
        byId.set(JSON.stringify(message.id), message.method);
        if (frame.http) byExchange.set(frame.http.exchange, message.method);
      }
      continue;
    }
    if (frame.direction !== 'receive') continue;
    const method = isResponse(message) ? ((frame.http ? byExchange.get(frame.http.exchange) : undefined) ?? byId.get(JSON.stringify(message.id))) : undefined;
    yield { frame, message, method };
  }
}

/** Responses whose result is an InputRequiredResult, across traces. */
export function inputRequiredResponses(traces: Trace[]): ServerMessage[] {
  const found: ServerMessage[] = [];
  for (const trace of traces) {
    for (const entry of serverMessages(trace)) {
      if (isObject(entry.message.result) && entry.message.result.resultType === 'input_required') found.push(entry);
    }
  }
  return found;
}

export interface TraceProblem {
  frame: Frame;
  text: string;
}

/** A violation naming the first `max` problems found in the traces (and how many more), their frames as evidence. */
export function traceProblems(code: string, problems: TraceProblem[], max = 5): Finding {
  const shown = problems.slice(0, max);
  const more = problems.length > max ? `; and ${problems.length - max} more` : '';
  return violation(code, `${shown.map((problem) => problem.text).join('; ')}${more}`, [{ frames: [...new Set(shown.map((problem) => problem.frame))] }]);
}
