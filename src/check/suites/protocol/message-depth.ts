/**
 * Messages nest no deeper than MAX_JSON_DEPTH levels. The spec sets no depth limit, but a
 * message nested thousands of levels deep overflows the stack of any client that walks it
 * recursively (validators, JSON.stringify); mcpvet refuses such messages where it parses them
 * and keeps their head in the trace. Real messages nest a few dozen levels, so the rule rests on
 * robustness (ROB-01), not a keyword: an info note.
 */
import { MAX_JSON_DEPTH } from '../../../wire/json-depth.js';
import { defineCheck, pass, violation } from '../../define.js';
import { pinnedNotes } from '../../trace-notes.js';

const MAX_SHOWN = 3;

export default defineCheck({
  id: 'protocol.message-depth',
  title: `Messages nest at most ${MAX_JSON_DEPTH} levels deep`,
  suite: 'protocol',
  requirements: ['ROB-01'],
  spec: 'basic#messages',
  final: true,
  async run(ctx) {
    const traces = ctx.traces();
    const deep = pinnedNotes(traces, 'too-deep');
    if (deep.length === 0) return pass(`no message of the run nested deeper than ${MAX_JSON_DEPTH} levels`);
    return violation(
      'too-deep',
      `${deep.length} message(s) from the server nested deeper than ${MAX_JSON_DEPTH} levels (the first ${String(deep[0]!.detail?.chars)} characters long); mcpvet refused them unread, as any client that walks messages recursively must`,
      [{ frames: deep.slice(0, MAX_SHOWN) }],
    );
  },
});
