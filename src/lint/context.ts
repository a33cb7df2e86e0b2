// What a check receives: the tool under lint, and one way to report. Findings of rules
// whose profile is not selected are dropped here, so checks never test profiles themselves.
import { ruleMeta } from './rules.js';
import type { Dialect } from '../protocol/schema-dialect.js';
import type { LintFinding } from './types.js';

export interface ResolvedOptions {
  profiles: Set<string>;
  tokenWarnThreshold: number;
  totalTokenWarnThreshold: number;
  descriptionWarnChars: number;
}

export type Report = (ruleId: string, path: string, message: string, fix?: string) => void;

export interface ToolContext {
  tool: Record<string, unknown>;
  /** Tool name, or `tools[i]` when it has none. */
  label: string;
  index: number;
  options: ResolvedOptions;
  report: Report;
}

/** A schema of the tool that is a JSON object and can be analysed. */
export interface SchemaUnderLint {
  role: 'input' | 'output';
  schema: Record<string, unknown>;
  /** '/inputSchema' or '/outputSchema'. */
  pointer: string;
  /** Undefined when the declared dialect is unknown (nothing is compiled then). */
  dialect?: Dialect;
}

export class FindingSink {
  readonly findings: Array<LintFinding & { order: number }> = [];
  /** Findings reported per rule, kept or not. */
  readonly counts = new Map<string, number>();

  /** `keepPerRule`: beyond it a rule's findings are only counted (a check run keeps a sample of 10,000). */
  constructor(
    readonly options: ResolvedOptions,
    private readonly keepPerRule = Number.POSITIVE_INFINITY,
  ) {}

  reporter(tool: string, order: number): Report {
    return (ruleId, path, message, fix) => {
      const meta = ruleMeta(ruleId);
      if (meta.profile && !this.options.profiles.has(meta.profile)) return;
      const count = (this.counts.get(ruleId) ?? 0) + 1;
      this.counts.set(ruleId, count);
      if (count > this.keepPerRule) return;
      const finding: LintFinding & { order: number } = {
        ruleId,
        severity: meta.severity,
        tool,
        path,
        message,
        fix: fix ?? meta.fix,
        order,
      };
      if (meta.profile) finding.profile = meta.profile;
      this.findings.push(finding);
    };
  }
}
