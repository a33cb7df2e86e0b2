// The Markdown table of every rule, as published in the README (a test keeps the two in step).
import { RULES } from '../../lint/rules.js';
import { cell } from './markdown.js';
import type { RuleMeta } from '../../lint/types.js';

export function renderRulesTable(rules: RuleMeta[] = RULES): string {
  const rows = rules.map((r) => `| \`${r.id}\` | ${r.severity} | ${r.profile ?? 'always'} | ${cell(r.description)} | ${cell(r.fix)} |`);
  return ['| Rule | Severity | Profile | What it catches | Fix |', '| --- | --- | --- | --- | --- |', ...rows].join('\n') + '\n';
}
