// Tool-schema lint: public API.
export type { Severity, LintFinding, LintOptions, RuleMeta } from './types.js';
export { LIST_SCOPE } from './types.js';
export { RULES, PROFILES, DEFAULT_PROFILES } from './rules.js';
export { lintTools, lintToolsListResult, lintToolsSampled, type SampledFindings, UnknownProfileError } from './engine.js';
export { summarize, hasErrors, type LintSummary } from './summary.js';
export { estimateTokens } from './checks/size.js';
export { renderText, renderTextChunks } from '../report/lint/text.js';
export { renderJson, type LintJsonDocument } from '../report/lint/json.js';
export { renderMarkdown } from '../report/lint/markdown.js';
export { renderSarif, type SarifOptions } from '../report/lint/sarif.js';
export { renderRulesTable } from '../report/lint/rules-table.js';
