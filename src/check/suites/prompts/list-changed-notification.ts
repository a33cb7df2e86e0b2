/**
 * A server that declares prompts.listChanged SHOULD notify when its prompt list changes. Judged on a
 * change mcpvet saw happen: the shared probe (tools/shared/list-change.ts) calls the tools it may
 * call, lists again, and waits for notifications/prompts/list_changed after each change.
 * Without a change (no tool allowed, or none changed the list) there is nothing to judge.
 */
import { defineCheck, incomplete, pass, skip, violation, notJudged } from '../../define.js';
import { declaresListChanged, probeListChanges } from '../../probes/tools/list-change.js';

export default defineCheck({
  id: 'prompts.list-changed-notification',
  title: 'A change of the prompt list is notified (notifications/prompts/list_changed)',
  suite: 'prompts',
  requirements: ['PR-06'],
  requires: ['prompts'],
  spec: 'server/prompts#list-changed-notification',
  // Last: it calls tools that change lists, which would disturb the checks that compare listings.
  final: true,
  async run(ctx) {
    if (!declaresListChanged(ctx.client.serverCapabilities, 'prompts')) return skip('the server does not declare prompts.listChanged');
    const probe = await probeListChanges(ctx);
    if ('skip' in probe) return notJudged(probe);
    const change = probe.changes.prompts;
    if (!change) {
      return incomplete(
        'no-change',
        `the prompt list did not change after ${probe.called.map((name) => `tools/call ${name}`).join(', ')}; allow a tool that changes it (--allow-call or a --calls file)`,
      );
    }
    const what = [
      change.added.length ? `added ${change.added.slice(0, 3).join(', ')}` : '',
      change.removed.length ? `removed ${change.removed.slice(0, 3).join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    if (change.notified) return pass(`tools/call ${change.tool} changed the prompt list (${what}) and notifications/prompts/list_changed arrived`);
    return violation(
      'no-notification',
      `tools/call ${change.tool} changed the prompt list (${what}), but no notifications/prompts/list_changed arrived ${ctx.era === 'modern' ? 'on a subscriptions/listen stream asking for it' : 'on the session'} within 1.5 s; the server declares prompts.listChanged`,
      change.evidence,
    );
  },
});
