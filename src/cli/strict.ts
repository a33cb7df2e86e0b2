/** `call --strict`: lint the listed tools; placeholder until the lint engine lands. */
export function strictFindings(_result: unknown): { lines: string[]; hasErrors: boolean } {
  return { lines: [], hasErrors: false };
}
