/**
 * 2026-07-28 logging is opt-in per request: without `_meta["io.modelcontextprotocol/logLevel"]` the
 * server MUST NOT emit notifications/message for that request (server/utilities/logging). Callable
 * tools are called without the key; any log notification they draw breaks the rule.
 */
import { defineCheck, notJudged, pass, violation } from '../../define.js';
import { callableTools } from '../../probes/utilities/callable-tools.js';
import { callForLogs, ownConnection } from '../../probes/utilities/tool-logs.js';

export default defineCheck({
  id: 'utilities.log-level-required',
  title: 'No log notifications for a request without logLevel',
  suite: 'utilities',
  requirements: ['LOG-01'],
  eras: ['modern'],
  spec: 'server/utilities/logging#per-request-log-level',
  freshProcesses: 1,
  async run(ctx) {
    const callable = await callableTools(ctx);
    if (!callable.tools) return notJudged(callable.none);
    const calls = await callForLogs(ctx, await ownConnection(ctx), callable.tools, undefined);
    if (calls.length === 0) return notJudged({ skip: 'no tool call came back to judge', incomplete: 'no-call-answered' });
    const noisy = calls.filter((call) => call.logs.length > 0);
    if (noisy.length > 0) {
      const text = noisy.map((call) => `"${call.name}" sent ${call.logs.length} notifications/message`).join('; ');
      return violation(
        'log-without-level',
        `${text}, though the request carried no logLevel`,
        noisy.map((call) => call.evidence),
      );
    }
    return pass(`${calls.map((call) => `"${call.name}"`).join(', ')} called without logLevel: no log notification`);
  },
});
