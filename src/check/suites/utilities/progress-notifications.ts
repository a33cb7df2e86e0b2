/**
 * Progress notifications (basic/patterns/progress, basic/utilities/progress): `progress` increases
 * with each one, only tokens of requests still in flight are named, and none come after the
 * response. Callable tools are called with a progress token until one reports progress; then every
 * trace of the run is judged, so progress drawn by other checks counts too.
 */
import { TransportError } from '../../../protocol/transport-error.js';
import { defineCheck, incomplete, notJudged, pass, violation } from '../../define.js';
import type { Finding } from '../../types.js';
import { probeId } from '../../probes/protocol/probe.js';
import { callableTools } from '../../probes/utilities/callable-tools.js';
import { scanProgress, type ProgressProblem } from '../../probes/utilities/progress-scan.js';

/** How long after the last response a late progress notification is still waited for. */
const LATE_MS = 300;

export default defineCheck({
  id: 'utilities.progress-notifications',
  title: 'Progress increases, names only active requests, and stops at completion',
  suite: 'utilities',
  requirements: ['PROG-01', 'PROG-02', 'PROG-03'],
  spec: 'basic/patterns/progress',
  async run(ctx) {
    const callable = await callableTools(ctx);
    const called: string[] = [];
    for (const tool of callable.tools ?? []) {
      called.push(tool.name);
      try {
        const outcome = await ctx.client.callTool(tool.name, tool.args, { meta: { progressToken: probeId('progress') } });
        if (outcome.notifications.some((n) => n.method === 'notifications/progress')) break;
      } catch (error) {
        if (!(error instanceof TransportError)) throw error;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, LATE_MS));
    const scan = scanProgress(ctx.traces());
    if (scan.problems.length > 0) return findings(scan.problems);
    if (scan.seen > 0) return pass(`${scan.seen} progress notifications increased, named requests in flight, and none came after the response`);
    if (callable.none) return notJudged(callable.none);
    return incomplete(
      'no-progress',
      `no progress notification to judge: ${called.map((name) => `"${name}"`).join(', ')} reported none when given a progressToken`,
    );
  },
});

function findings(problems: ProgressProblem[]): Finding[] {
  const codes = { 'PROG-01': 'not-increasing', 'PROG-02': 'inactive-token', 'PROG-03': 'after-completion' } as const;
  return (['PROG-01', 'PROG-02', 'PROG-03'] as const).flatMap((requirement) => {
    const some = problems.filter((problem) => problem.requirement === requirement);
    if (some.length === 0) return [];
    const shown = some.slice(0, 5);
    const more = some.length > 5 ? `; and ${some.length - 5} more` : '';
    return [{ ...violation(codes[requirement], `${shown.map((p) => p.text).join('; ')}${more}`, [{ frames: shown.map((p) => p.frame) }]), requirement }];
  });
}
