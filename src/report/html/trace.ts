/** The trace viewer's static part: the filters and the empty list the script fills from the page data. */
import type { TraceData } from './trace-data.js';

const select = (id: string, label: string, first: string, extra = '') =>
  `<label for="${id}">${label}<select id="${id}"><option value="">${first}</option>${extra}</select></label>`;

export function traceHtml(trace: TraceData): string {
  const omitted = trace.omitted ? ` ${trace.omitted} more evidence frames are left out to keep the page small; the JSON report has them all.` : '';
  return (
    `<section aria-labelledby="trace-h"><h2 id="trace-h" tabindex="-1">Trace viewer</h2>` +
    `<p class="muted">The frames the verdicts rest on (every check's evidence, each frame once), by connection, in the order they crossed the wire; times are from the start of each connection. Each connection (the run's own, every fresh one a check opened, each replica) is numbered in the order it first appears, with its host and session when it has them. ${trace.frames.length} frames on ${trace.connections.length} connections.${omitted}</p>` +
    '<noscript><p>The trace viewer needs JavaScript; every finding above shows its frames without it.</p></noscript>' +
    '<div id="trace-tools" hidden><div class="filters" role="search" aria-label="Filter frames">' +
    select('f-check', 'Check', 'all checks') +
    select('f-method', 'Method', 'all methods') +
    select(
      'f-dir',
      'Direction',
      'both directions',
      '<option value="send">sent</option><option value="receive">received</option><option value="local">local</option>',
    ) +
    select('f-conn', 'Connection', 'all connections') +
    '<label for="f-text">Text<input id="f-text" type="search" placeholder="search frames"></label>' +
    '<button type="button" id="f-clear">Clear filters</button></div>' +
    '<p id="trace-count" aria-live="polite"></p><ul class="tl" id="trace-list"></ul></div></section>'
  );
}
