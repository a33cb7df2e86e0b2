/**
 * A server that declares prompts.listChanged SHOULD notify when its prompt list changes. Judged on a
 * change mcpvet saw happen: the shared probe (probes/tools/list-change.ts) calls the tools it may
 * call, lists again, and waits for notifications/prompts/list_changed after each change.
 * Without a change (no tool allowed, or none changed the list) there is nothing to judge.
 */
import { defineCheck } from '../../define.js';
import { judgeListChange } from '../../probes/tools/list-change.js';

export default defineCheck({
  id: 'prompts.list-changed-notification',
  title: 'A change of the prompt list is notified (notifications/prompts/list_changed)',
  suite: 'prompts',
  requirements: ['PR-06'],
  requires: ['prompts'],
  spec: 'server/prompts#list-changed-notification',
  freshProcesses: 1,
  // Last: it calls tools that change lists, which would disturb the checks that compare listings.
  final: true,
  run: (ctx) => judgeListChange(ctx, 'prompts', 'prompt'),
});
