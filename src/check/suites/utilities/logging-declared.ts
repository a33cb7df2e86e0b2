/**
 * A server that emits log notifications declares the logging capability (server/utilities/logging
 * #capabilities). When it does not declare it, every trace of the run so far is searched for
 * notifications/message, and callable tools are called asking for every level (2026-07-28: the
 * request's logLevel; a legacy client cannot ask without the capability, so the tools are just called).
 */
import { META } from '../../../protocol/meta.js';
import { defineCheck, notJudged, pass, violation } from '../../define.js';
import type { Evidence } from '../../types.js';
import { serverMessages } from '../../probes/mrtr/trace-scan.js';
import { callableTools } from '../../probes/utilities/callable-tools.js';
import { callForLogs, ownConnection } from '../../probes/utilities/tool-logs.js';

export default defineCheck({
  id: 'utilities.logging-declared',
  title: 'A server that logs declares the logging capability',
  suite: 'utilities',
  requirements: ['LOG-04'],
  spec: 'server/utilities/logging#capabilities',
  freshProcesses: 1,
  async run(ctx) {
    if ('logging' in ctx.client.serverCapabilities) return pass('the server declares the logging capability');
    const callable = await callableTools(ctx);
    const calls = callable.tools
      ? await callForLogs(ctx, await ownConnection(ctx), callable.tools, ctx.era === 'modern' ? { [META.logLevel]: 'debug' } : undefined)
      : [];
    const evidence: Evidence[] = calls.filter((call) => call.logs.length > 0).map((call) => call.evidence);
    let seen = 0;
    for (const trace of ctx.traces()) {
      for (const { frame, message } of serverMessages(trace)) {
        if (message.method !== 'notifications/message') continue;
        seen++;
        if (evidence.length < 3) evidence.push({ frames: [frame] });
      }
    }
    if (seen > 0) return violation('undeclared-logging', `the server sent ${seen} notifications/message but does not declare the logging capability`, evidence);
    if (callable.none && calls.length === 0) return notJudged(callable.none);
    return pass(
      `no log notification in the run${calls.length > 0 ? ` (${calls.length} tool calls asked for debug logs)` : ''}, and no logging capability declared`,
    );
  },
});
