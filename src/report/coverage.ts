/** `check --requirements`: the coverage table of the requirements registry, as text, JSON or Markdown. */
import { percent, type CoverageRow, type RevisionCoverage, type Tally } from '../check/requirements/coverage.js';

export type CoverageFormat = 'text' | 'json' | 'markdown';

export function renderCoverage(coverage: RevisionCoverage[], format: CoverageFormat): string {
  if (format === 'json')
    return JSON.stringify({ revisions: coverage.map((revision) => ({ ...revision, percent: percent(revision.totals.all) })) }, null, 2) + '\n';
  return (format === 'markdown' ? coverage.map(markdown) : coverage.map(text)).join('\n');
}

function figure(tally: Tally): string {
  const { strict, withPartial } = percent(tally);
  return `${tally.covered}/${tally.testable} covered (${strict} %), ${tally.partial} partly (${withPartial} % with them)`;
}

function text(revision: RevisionCoverage): string {
  const lines = [`MCP ${revision.revision} (${revision.era} era): ${figure(revision.totals.all)}`];
  lines.push(`  MUST: ${figure(revision.totals.must)}; SHOULD: ${figure(revision.totals.should)}`);
  for (const area of revision.areas) {
    lines.push('', `  ${area.area}: ${area.all.testable ? figure(area.all) : 'nothing counted'}`);
    for (const row of revision.rows.filter((r) => r.area === area.area))
      lines.push(
        `    ${mark(row)} ${row.id.padEnd(9)} ${row.level.padEnd(11)} ${row.checks.length ? row.checks.join(', ') : '-'}${row.why ? `  (${row.why})` : ''}`,
      );
  }
  return lines.join('\n') + '\n';
}

const MARKS: Record<CoverageRow['status'], string> = { covered: '✓', partial: '~', 'not-covered': '✗', 'not-testable': '·', 'not-counted': '·' };
const mark = (row: CoverageRow) => MARKS[row.status];

const cell = (value: string) => value.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

function markdown(revision: RevisionCoverage): string {
  const lines = [
    `## MCP ${revision.revision} (${revision.era} era)`,
    '',
    `Testable MUST/SHOULD requirements: ${figure(revision.totals.all)}. MUST: ${figure(revision.totals.must)}. SHOULD: ${figure(revision.totals.should)}.`,
    '',
  ];
  lines.push('| Area | Testable | Covered | Partly | Covered % |', '|---|---|---|---|---|');
  for (const area of revision.areas)
    lines.push(`| ${area.area} | ${area.all.testable} | ${area.all.covered} | ${area.all.partial} | ${percent(area.all).strict} % |`);
  lines.push('', '| Id | Level | Rule | Checks | Status |', '|---|---|---|---|---|');
  for (const row of revision.rows)
    lines.push(
      `| [${row.id}](${row.url}) | ${row.level} | ${cell(row.rule)} | ${row.checks.map((id) => `\`${id}\``).join(', ') || '-'} | ${row.status}${row.why ? `: ${cell(row.why)}` : ''} |`,
    );
  return lines.join('\n') + '\n';
}
