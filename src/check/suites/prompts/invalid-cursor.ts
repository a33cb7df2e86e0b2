/** prompts/list refuses a cursor the server never issued with -32602 (PAG-01). */
import { defineCheck, pass } from '../../define.js';
import { invalidCursorFinding } from '../../probes/resources/invalid-cursor.js';

export default defineCheck({
  id: 'prompts.invalid-cursor',
  title: 'prompts/list with an invalid cursor answers -32602',
  suite: 'prompts',
  requirements: ['PAG-01'],
  requires: ['prompts'],
  spec: 'server/utilities/pagination#error-handling',
  async run(ctx) {
    return (await invalidCursorFinding(ctx, 'prompts/list')) ?? pass('prompts/list with a cursor the server never issued answered -32602');
  },
});
