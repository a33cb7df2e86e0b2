/** resources/list and resources/templates/list refuse a cursor the server never issued with -32602 (PAG-01). */
import { defineCheck, pass } from '../../define.js';
import type { Finding } from '../../types.js';
import { invalidCursorFinding } from '../../probes/resources/invalid-cursor.js';

export default defineCheck({
  id: 'resources.invalid-cursor',
  title: 'resources/list and resources/templates/list with an invalid cursor answer -32602',
  suite: 'resources',
  requirements: ['PAG-01'],
  requires: ['resources'],
  spec: 'server/utilities/pagination#error-handling',
  async run(ctx) {
    const findings: Finding[] = [];
    for (const method of ['resources/list', 'resources/templates/list'] as const) {
      const finding = await invalidCursorFinding(ctx, method);
      if (finding) findings.push(finding);
    }
    return findings.length > 0 ? findings : pass('resources/list and resources/templates/list with a cursor the server never issued answered -32602');
  },
});
