/**
 * The verdict of the notification-flood checks (stdio and http). The spec sets no limit on how
 * many notifications a server may send, so this rests on robustness, not on a keyword: more than
 * NOTIFICATION_FLOOD notifications for one request (besides progress for a token the client
 * gave) is a flood a client must defend against, never something a correct server needs. No keyword is behind it: ROB-01, an info note.
 */
import { NOTIFICATION_FLOOD } from '../protocol/flood.js';
import { pass, violation } from './define.js';
import type { CheckContext, Finding } from './types.js';
import { droppedNote, pinnedNotes } from './trace-notes.js';

const MAX_SHOWN = 3;

export async function judgeFloods(ctx: CheckContext): Promise<Finding> {
  // Run alone, the check still has one request to judge: the (shared, cached) tools/list.
  await ctx.tools().catch(() => undefined);
  const traces = ctx.traces();
  const floods = pinnedNotes(traces, 'notification-flood');
  const dropped = droppedNote(traces);
  if (floods.length === 0) return pass(`no request of the run drew more than ${NOTIFICATION_FLOOD} notifications${dropped}`);
  const worst = floods.reduce((top, frame) => (Number(frame.detail?.count) > Number(top.detail?.count) ? frame : top));
  return violation(
    'notification-flood',
    `${floods.length} request(s) drew a flood of notifications, the worst ${String(worst.detail?.method ?? 'a request')} with ${String(worst.detail?.unrequested)} (more than ${NOTIFICATION_FLOOD} for one request, progress it asked for aside); a server should not flood its client${dropped}`,
    [{ frames: floods.slice(0, MAX_SHOWN) }],
  );
}
