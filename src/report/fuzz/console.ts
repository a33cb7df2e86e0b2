/** The fuzz report for people: a line per tool, each failure with its minimal input and the command that reproduces it, a summary line. */
import { painter } from '../ansi.js';
import { formatDuration } from '../summary.js';
import { ruleId } from '../../fuzz/properties.js';
import type { FuzzFailure, FuzzReport } from '../../fuzz/report.js';
import { redactFuzzReport } from './redact.js';

/** Minimal inputs longer than this are clipped on the console (the JSON report has them whole). */
const INPUT_SHOWN = 300;

export function renderFuzzConsole(input: FuzzReport, options: { color: boolean }): string {
  const report = redactFuzzReport(input);
  const paint = painter(options.color);
  const lines = [
    `${paint('bold', 'mcpvet fuzz')}  ${report.target}  (${report.transport}, ${report.era} ${report.protocolVersion})  seed ${report.seed}, ${report.runs} runs per tool`,
    '',
  ];
  const width = Math.max(8, ...report.tools.map((tool) => tool.name.length));
  for (const tool of report.tools) {
    const verdict = tool.failures > 0 ? paint('red', `${tool.failures} failure${tool.failures === 1 ? '' : 's'}`) : paint('green', 'ok');
    const split = `${tool.valid} valid, ${tool.invalid} invalid${tool.unknown > 0 ? `, ${tool.unknown} unclassified` : ''}`;
    lines.push(
      `  ${tool.name.padEnd(width)}  ${String(tool.calls).padStart(5)} calls  (${split})  ${verdict}${tool.interrupted ? paint('yellow', '  (time budget reached)') : ''}`,
    );
  }
  if (report.envelope) {
    const count = report.failures.filter((failure) => failure.envelope !== undefined).length;
    const verdict = count > 0 ? paint('red', `${count} failure${count === 1 ? '' : 's'}`) : paint('green', 'ok');
    lines.push(`  ${'envelope'.padEnd(width)}  ${String(report.envelope.messages).padStart(5)} malformed messages  ${verdict}`);
  }
  for (const failure of report.failures) lines.push('', ...failureLines(failure, paint));
  if (report.notes.length > 0) lines.push('', ...report.notes.map((note) => paint('dim', `note: ${note}`)));
  const { regressions } = report;
  const replayed = regressions.tried > 0 ? `; regression file: ${regressions.stillFailing} still failing, ${regressions.nowPassing} passing now` : '';
  const saved = report.failures.length > 0 ? ` (saved in ${regressions.file})` : '';
  const failures =
    report.failures.length === 0 ? paint('green', 'no failure') : paint('red', `${report.failures.length} failure${report.failures.length === 1 ? '' : 's'}`);
  lines.push(
    '',
    `${report.calls} request${report.calls === 1 ? '' : 's'} in ${formatDuration(report.durationMs)}, ${report.callsPerSecond} per second; ${failures}${saved}${replayed}`,
  );
  return lines.join('\n') + '\n';
}

function failureLines(failure: FuzzFailure, paint: ReturnType<typeof painter>): string[] {
  const where = failure.tool !== undefined ? `${failure.tool}${failure.pointer ?? ''}` : 'envelope';
  const mark = failure.severity === 'error' ? paint('red', '✗') : paint('yellow', '!');
  const lines = [`${mark} ${paint('bold', ruleId(failure.property))}  ${where}`, `  ${failure.message}`];
  if (failure.args !== undefined) {
    const shown = JSON.stringify(failure.args);
    lines.push(`  minimal input: ${shown.length > INPUT_SHOWN ? `${shown.slice(0, INPUT_SHOWN)}… (${shown.length} characters)` : shown}`);
  }
  const how = [
    failure.fromRegressionFile ? 'from the regression file' : `${failure.shrinks} shrink step${failure.shrinks === 1 ? '' : 's'}`,
    ...(failure.mutation ? [failure.envelope ? `message: ${failure.mutation}` : `made invalid: ${failure.mutation}`] : []),
    ...(failure.reproduced ? [] : ['did not fail again alone on a fresh server: an earlier call may be the cause']),
  ];
  lines.push(`  ${paint('dim', how.join('; '))}`, `  reproduce: ${failure.reproduce}`);
  return lines;
}
