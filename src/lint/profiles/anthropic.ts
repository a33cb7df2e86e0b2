// 'anthropic': the Messages API tool definition. Facts, with their sources:
// - Tool use docs, "Specifying client tools": `name` "Must match the regex ^[a-zA-Z0-9_-]{1,64}$";
//   `input_schema` "A JSON Schema object defining the expected parameters for the tool"
//   (the root-object requirement is already a spec rule).
// - Tool use docs, best practices: "Provide extremely detailed descriptions. ... Aim for at
//   least 3-4 sentences per tool description, more if the tool is complex." (advice: info)
import type { ToolContext } from '../context.js';

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MIN_SENTENCES = 3;

export function checkAnthropic({ tool, report }: ToolContext): void {
  if (typeof tool.name === 'string' && !NAME.test(tool.name)) {
    report('anthropic.name', '/name', `Tool name "${tool.name}" does not match ^[a-zA-Z0-9_-]{1,64}$.`);
  }
  const d = tool.description;
  if (typeof d === 'string' && d.trim() !== '') {
    const sentences = countSentences(d);
    if (sentences < MIN_SENTENCES) {
      report('anthropic.description-short', '/description', `The description has ${sentences} sentence(s); Anthropic recommends at least 3-4.`);
    }
  }
}

/** Sentences end with . ! or ? followed by whitespace or the end (a heuristic). */
export function countSentences(text: string): number {
  return text.split(/[.!?]+(?:\s+|$)/).filter((part) => part.trim() !== '').length;
}
