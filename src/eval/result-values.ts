/**
 * The values a `toolResult` path looks in, from one recorded tool result: its structuredContent
 * when present; else each text content, parsed as JSON (a text that is not JSON is looked in as
 * the string itself, so that `$` with `matches` reads a plain text result).
 */
export function resultValues(result: unknown): unknown[] {
  if (typeof result !== 'object' || result === null) return [];
  const record = result as { structuredContent?: unknown; content?: unknown };
  if (record.structuredContent !== undefined) return [record.structuredContent];
  if (!Array.isArray(record.content)) return [];
  return record.content.flatMap((block) => {
    const { type, text } = (block ?? {}) as { type?: unknown; text?: unknown };
    if (type !== 'text' || typeof text !== 'string') return [];
    try {
      return [JSON.parse(text) as unknown];
    } catch {
      return [text];
    }
  });
}
