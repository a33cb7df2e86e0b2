/**
 * The lint rules over the run's tools list, once per run: three checks judge lint findings, and
 * each linting 200,000 tools again took seconds. The lint yields to the event loop as it goes.
 */
import type { LintFinding } from '../lint/index.js';

const linted = new WeakMap<object, Promise<LintFinding[]>>();

export function lintOnce(tools: Record<string, unknown>[]): Promise<LintFinding[]> {
  let findings = linted.get(tools);
  if (!findings) {
    findings = import('../lint/index.js').then(({ lintToolsYielding }) => lintToolsYielding(tools));
    linted.set(tools, findings);
  }
  return findings;
}
