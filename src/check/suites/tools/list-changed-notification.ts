/**
 * A server that declares tools.listChanged SHOULD notify when its tool list changes. Judged on a
 * change mcpvet saw happen: the shared probe (tools/shared/list-change.ts) calls the tools it may
 * call, lists again, and waits for notifications/tools/list_changed after each change.
 * Without a change (no tool allowed, or none changed the list) there is nothing to judge.
 */
import { defineCheck, incomplete, pass, skip, violation, notJudged } from '../../define.js';
import { declaresListChanged, probeListChanges } from './shared/list-change.js';

export default defineCheck({
  id: 'tools.list-changed-notification',
  title: 'A change of the tool list is notified (notifications/tools/list_changed)',
  suite: 'tools',
  requirements: ['TOOL-14'],
  eras: ['modern', 'legacy'],
  transports: ['stdio', 'http'],
  requires: ['tools'],
  spec: 'server/tools#list-changed-notification',
  // Last: it calls tools that change lists, which would disturb the checks that compare listings.
  final: true,
  async run(ctx) {
    if (!declaresListChanged(ctx.client.serverCapabilities, 'tools')) return skip('the server does not declare tools.listChanged');
    const probe = await probeListChanges(ctx);
    if ('skip' in probe) return notJudged(probe);
    const change = probe.changes.tools;
    if (!change) {
      return incomplete('no-change', `the tool list did not change after ${probe.called.map((name) => `tools/call ${name}`).join(', ')}; allow a tool that changes it (--allow-call or a --calls file)`);
    }
    const what = [change.added.length ? `added ${change.added.slice(0, 3).join(', ')}` : '', change.removed.length ? `removed ${change.removed.slice(0, 3).join(', ')}` : ''].filter(Boolean).join(', ');
    if (change.notified) return pass(`tools/call ${change.tool} changed the tool list (${what}) and notifications/tools/list_changed arrived`);
    return violation('no-notification',
      `tools/call ${change.tool} changed the tool list (${what}), but no notifications/tools/list_changed arrived ${ctx.era === 'modern' ? 'on a subscriptions/listen stream asking for it' : 'on the session'} within 1.5 s; the server declares tools.listChanged`,
      change.evidence,
    );
  },
});
