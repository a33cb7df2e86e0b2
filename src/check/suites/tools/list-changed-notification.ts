/**
 * A server that declares tools.listChanged SHOULD notify when its tool list changes. Judged on a
 * change mcpvet saw happen: the shared probe (probes/tools/list-change.ts) calls the tools it may
 * call, lists again, and waits for notifications/tools/list_changed after each change.
 * Without a change (no tool allowed, or none changed the list) there is nothing to judge.
 */
import { defineCheck } from '../../define.js';
import { judgeListChange } from '../../probes/tools/list-change.js';

export default defineCheck({
  id: 'tools.list-changed-notification',
  title: 'A change of the tool list is notified (notifications/tools/list_changed)',
  suite: 'tools',
  requirements: ['TOOL-14'],
  requires: ['tools'],
  spec: 'server/tools#list-changed-notification',
  freshProcesses: 1,
  // Last: it calls tools that change lists, which would disturb the checks that compare listings.
  final: true,
  run: (ctx) => judgeListChange(ctx, 'tools', 'tool'),
});
