/**
 * Every modern result MUST carry `resultType`, and a client MUST treat an unknown value as
 * invalid (DIGEST §1 "Results"). Known: "complete", "input_required", and "task" when the server
 * advertises the Tasks extension. Runs last, to judge every result of the run's modern
 * exchanges on every connection, after probing the list method of each declared capability
 * so that there is something to judge when it runs alone.
 */
import { isObject, isRequest, isResponse } from '../../../protocol/jsonrpc.js';
import { META } from '../../../protocol/meta.js';
import { eraOfVersion } from '../../../protocol/versions.js';
import type { Frame, Trace } from '../../../wire/trace.js';
import { defineCheck, pass, violation } from '../../define.js';
import { probesFor } from '../../probes/protocol/capability-probes.js';
import { exchange, eraMessage, probeId } from '../../probes/protocol/probe.js';

const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
const MAX_REPORTED = 8;

export default defineCheck({
  id: 'protocol.result-type-known',
  title: 'Every result carries a known resultType',
  suite: 'protocol',
  requirements: ['BASE-06', 'BASE-07', 'TASK-X1', 'TASK-X2'],
  eras: ['modern'],
  spec: 'basic#results',
  final: true,
  async run(ctx) {
    for (const method of [
      'server/discover',
      ...probesFor('modern')
        .filter((probe) => probe.listField && probe.capability in ctx.client.serverCapabilities)
        .map((probe) => probe.method),
    ]) {
      await exchange(ctx.client, eraMessage(ctx.client, probeId('result-type'), method), { timeoutMs: ctx.timeoutMs });
    }
    const extensions = isObject(ctx.client.serverCapabilities.extensions) ? ctx.client.serverCapabilities.extensions : {};
    const known = ['complete', 'input_required', ...(TASKS_EXTENSION in extensions ? ['task'] : [])];
    const problems: { frame: Frame; text: string }[] = [];
    let judged = 0;
    for (const trace of ctx.traces()) {
      for (const { frame, method, result } of modernResults(trace)) {
        judged++;
        const value = result.resultType;
        if (value === undefined) problems.push({ frame, text: `the ${method} result has no resultType` });
        else if (typeof value !== 'string' || !known.includes(value))
          problems.push({ frame, text: `the ${method} result has resultType ${JSON.stringify(value)}, not one of ${known.map((k) => `"${k}"`).join(', ')}` });
      }
    }
    if (problems.length === 0) return pass(`${judged} modern result(s) of the run carry a known resultType`);
    const shown = problems.slice(0, MAX_REPORTED);
    return violation(
      'bad-result-type',
      `${problems.length} of ${judged} modern result(s) break the rule: ${shown.map((problem) => problem.text).join('; ')}${problems.length > MAX_REPORTED ? '; …' : ''}`,
      [{ frames: [...new Set(shown.map((problem) => problem.frame))] }],
    );
  },
});

/** Results of requests that were sent in a modern version (probes with unsupported versions get errors, not results). */
function* modernResults(trace: Trace): Generator<{ frame: Frame; method: string; result: Record<string, unknown> }> {
  const modern = new Map<string, string>();
  for (const frame of trace.frames) {
    if (frame.kind !== 'message' || !isObject(frame.message)) continue;
    const message = frame.message;
    if (frame.direction === 'send' && isRequest(message)) {
      const meta = isObject(message.params) && isObject(message.params._meta) ? message.params._meta : {};
      const version = meta[META.protocolVersion];
      if (typeof version === 'string' && eraOfVersion(version) === 'modern') modern.set(String(message.id), message.method);
    } else if (frame.direction === 'receive' && isResponse(message) && isObject(message.result)) {
      const method = modern.get(String(message.id));
      if (method) yield { frame, method, result: message.result };
    }
  }
}
