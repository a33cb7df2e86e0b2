/**
 * The tokens `--until-confident` saved for a task: its runs not made times the mean tokens (in +
 * out) of the runs it did make. One definition for the report, its merge and the renderers.
 */
/** The report's figure when it has one (older reports do not), else the estimate. */
export function tokensSavedOf(stats: { runs: number; inputTokens: number; outputTokens: number; runsSaved: number; tokensSaved?: number }): number {
  if (stats.tokensSaved !== undefined) return stats.tokensSaved;
  return stats.runs === 0 ? 0 : Math.round((stats.runsSaved * (stats.inputTokens + stats.outputTokens)) / stats.runs);
}
