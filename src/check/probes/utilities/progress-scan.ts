/**
 * Progress notifications judged against the requests of one trace: each names the token of a
 * request still in flight (PROG-02), comes before that request's response (PROG-03), and has a
 * larger `progress` than the one before it for the same token (PROG-01).
 */
import { isObject, isNotification, isRequest, isResponse } from '../../../protocol/jsonrpc.js';
import type { Frame, Trace } from '../../../wire/trace.js';
import type { TraceProblem } from '../mrtr/trace-scan.js';

export interface ProgressProblem extends TraceProblem {
  requirement: 'PROG-01' | 'PROG-02' | 'PROG-03';
}

export interface ProgressScan {
  /** Progress notifications seen, by token. */
  seen: number;
  problems: ProgressProblem[];
}

const key = (value: unknown): string => JSON.stringify(value);

export function scanProgress(traces: Trace[]): ProgressScan {
  const scan: ProgressScan = { seen: 0, problems: [] };
  for (const trace of traces) scanOne(trace.frames, scan);
  return scan;
}

function scanOne(frames: readonly Frame[], scan: ProgressScan): void {
  /** Token -> the id of the request that carried it, and whether that request was answered. */
  const tokens = new Map<string, { id: string; done: boolean; last?: number }>();
  const byId = new Map<string, string>();
  for (const frame of frames) {
    if (frame.kind !== 'message' || !isObject(frame.message)) continue;
    const message = frame.message;
    if (frame.direction === 'send' && isRequest(message)) {
      const params = isObject(message.params) ? message.params : {};
      const token = isObject(params._meta) ? params._meta.progressToken : undefined;
      if (token !== undefined) {
        tokens.set(key(token), { id: key(message.id), done: false });
        byId.set(key(message.id), key(token));
      }
      continue;
    }
    if (frame.direction !== 'receive') continue;
    if (isResponse(message)) {
      const token = byId.get(key(message.id));
      const entry = token === undefined ? undefined : tokens.get(token);
      if (entry) entry.done = true;
      continue;
    }
    if (!isNotification(message) || message.method !== 'notifications/progress') continue;
    scan.seen++;
    const params = isObject(message.params) ? message.params : {};
    const token = key(params.progressToken);
    const entry = tokens.get(token);
    if (!entry) {
      scan.problems.push({ frame, requirement: 'PROG-02', text: `a progress notification names token ${token}, which no request of mcpvet carried` });
      continue;
    }
    if (entry.done) {
      scan.problems.push({ frame, requirement: 'PROG-03', text: `progress for token ${token} came after its request (id ${entry.id}) was answered` });
      continue;
    }
    const progress = params.progress;
    if (typeof progress !== 'number') continue; // the schema check (protocol.messages-valid) judges the shape
    if (entry.last !== undefined && progress <= entry.last) {
      scan.problems.push({
        frame,
        requirement: 'PROG-01',
        text: `progress for token ${token} went from ${entry.last} to ${progress}; each notification must have a larger value`,
      });
    }
    entry.last = progress;
  }
}
