// Token cost. The approximation, stated: ceil(characters of the compact JSON / 4). Real
// tokenizers differ by model and provider wrappers add their own text; this is meant for
// spotting outliers and trends, not for billing.
import type { ToolContext } from '../context.js';

export function estimateTokens(value: unknown): number {
  try {
    return Math.ceil((JSON.stringify(value) ?? '').length / 4);
  } catch {
    return 0; // not serialisable (cycles): other rules report the shape
  }
}

export function checkToolSize({ tool, report, options }: ToolContext): number {
  const tokens = estimateTokens(tool);
  if (tokens > options.tokenWarnThreshold) {
    report('size.tool-tokens', '', `The definition costs about ${tokens} tokens (threshold ${options.tokenWarnThreshold}; chars/4 of compact JSON).`);
  }
  return tokens;
}
