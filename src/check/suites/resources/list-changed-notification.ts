/**
 * A server that declares resources.listChanged SHOULD notify when its resource list changes. Judged on a
 * change mcpvet saw happen: the shared probe (probes/tools/list-change.ts) calls the tools it may
 * call, lists again, and waits for notifications/resources/list_changed after each change.
 * Without a change (no tool allowed, or none changed the list) there is nothing to judge.
 */
import { defineCheck } from '../../define.js';
import { judgeListChange } from '../../probes/tools/list-change.js';

export default defineCheck({
  id: 'resources.list-changed-notification',
  title: 'A change of the resource list is notified (notifications/resources/list_changed)',
  suite: 'resources',
  requirements: ['RES-10'],
  requires: ['resources'],
  spec: 'server/resources#list-changed-notification',
  freshProcesses: 1,
  // Last: it calls tools that change lists, which would disturb the checks that compare listings.
  final: true,
  run: (ctx) => judgeListChange(ctx, 'resources', 'resource'),
});
