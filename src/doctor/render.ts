/** The checklist on the console (✓/✗/! per item, one evidence line, one fix line) and as JSON. Secrets are masked in both. */
import { redactText } from '../report/redact.js';
import { oneLine } from '../wire/control-chars.js';
import type { DoctorItem, DoctorReport, ItemStatus } from './types.js';

const MARK: Record<ItemStatus, string> = { pass: '✓', fail: '✗', warn: '!', skip: '-' };

const clean = (text: string) => redactText(text);

export function redactReport(report: DoctorReport): DoctorReport {
  const items = report.items.map((entry): DoctorItem => {
    const out: DoctorItem = { ...entry, evidence: clean(entry.evidence) };
    if (entry.fix) out.fix = clean(entry.fix);
    if (entry.curl) out.curl = clean(entry.curl);
    if (entry.details) out.details = entry.details.map(clean);
    return out;
  });
  return { ...report, target: clean(report.target), items };
}

export function counts(report: DoctorReport): Record<ItemStatus, number> {
  const tally: Record<ItemStatus, number> = { pass: 0, fail: 0, warn: 0, skip: 0 };
  for (const entry of report.items) tally[entry.status]++;
  return tally;
}

export function renderJson(report: DoctorReport): string {
  const safe = redactReport(report);
  return `${JSON.stringify({ ...safe, summary: counts(safe), ok: counts(safe).fail === 0 }, null, 2)}\n`;
}

export function renderConsole(report: DoctorReport): string {
  const safe = redactReport(report);
  const lines = [`mcpvet doctor: ${oneLine(safe.target)} (${safe.transport})`, ''];
  for (const entry of safe.items) {
    lines.push(`${MARK[entry.status]} ${entry.id}  ${oneLine(entry.evidence)}`);
    if (entry.status === 'fail' || entry.status === 'warn') {
      for (const detail of (entry.details ?? []).slice(0, 6)) lines.push(`    | ${oneLine(detail)}`);
      if (entry.curl) lines.push(`    reproduce: ${oneLine(entry.curl)}`);
      if (entry.fix) lines.push(`    fix: ${oneLine(entry.fix)}`);
    }
  }
  const tally = counts(safe);
  lines.push('', `${tally.pass} ✓, ${tally.fail} ✗, ${tally.warn} !, ${tally.skip} skipped`);
  if (safe.logHints.length > 0) {
    lines.push('', `Where hosts keep MCP logs on this OS (${safe.platform}), a hint:`);
    for (const hint of safe.logHints) lines.push(`  ${hint.host}: ${hint.where}`);
  }
  return `${lines.join('\n')}\n`;
}
