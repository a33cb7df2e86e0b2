// Public types of the tool-schema lint engine.

export type Severity = 'error' | 'warning' | 'info';

export interface LintFinding {
  ruleId: string;
  severity: Severity;
  /** Tool name, `tools[i]` when the tool has no usable name, or `(tools/list)` for list-wide findings. */
  tool: string;
  /** JSON pointer inside the tool definition, e.g. '/inputSchema/properties/n/type' ('' = the whole tool or list). */
  path: string;
  message: string;
  fix: string;
  profile?: string;
}

export interface LintOptions {
  /** e.g. ['openai-strict','anthropic','gemini']; default: the spec rules plus 'portable' advice. */
  profiles?: string[];
  /** Approximate tokens (compact JSON chars / 4) above which one tool definition is reported. Default 1000. */
  tokenWarnThreshold?: number;
  /** Approximate tokens above which the whole tools/list is reported. Default 10000. */
  totalTokenWarnThreshold?: number;
  /** Description length in characters above which it is reported as too long. Default 1024. */
  descriptionWarnChars?: number;
}

export interface RuleMeta {
  id: string;
  severity: Severity;
  title: string;
  description: string;
  fix: string;
  /** Set for rules that only run when their profile is selected. */
  profile?: string;
  /** Where the rule is written (spec section or provider documentation). */
  source?: string;
}

/** The label used as `tool` for findings about the list as a whole. */
export const LIST_SCOPE = '(tools/list)';
