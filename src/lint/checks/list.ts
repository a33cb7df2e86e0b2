// Rules about the list as a whole: duplicate names, tool count, total size.
import { isPlainObject } from '../../wire/json-pointer.js';
import type { ResolvedOptions, Report } from '../context.js';

export function checkDuplicateNames(tools: unknown[], labels: string[], reporterFor: (index: number) => Report): void {
  const firstIndex = new Map<string, number>();
  tools.forEach((tool, i) => {
    if (!isPlainObject(tool) || typeof tool.name !== 'string') return;
    const first = firstIndex.get(tool.name);
    if (first === undefined) {
      firstIndex.set(tool.name, i);
    } else {
      reporterFor(i)('tool.name-duplicate', '/name', `The name "${tool.name}" is also used by tools[${first}] (${labels[first]}).`);
    }
  });
}

// OpenAI function calling guide: "Aim for fewer than 20 functions at any one time, though this
// is just a soft suggestion." Chat Completions API reference (`tools`): "A max of 128 functions
// are supported."
const SOFT_TOOL_COUNT = 20;
const OPENAI_MAX_TOOLS = 128;

export function checkListTotals(toolCount: number, totalTokens: number, options: ResolvedOptions, report: Report): void {
  if (toolCount > OPENAI_MAX_TOOLS) {
    report('openai.tool-count', '', `The server lists ${toolCount} tools; OpenAI accepts at most ${OPENAI_MAX_TOOLS} functions per request.`);
  }
  if (toolCount >= SOFT_TOOL_COUNT) {
    report('portable.tool-count', '', `The server lists ${toolCount} tools; OpenAI suggests fewer than ${SOFT_TOOL_COUNT} at any one time.`);
  }
  if (totalTokens > options.totalTokenWarnThreshold) {
    report(
      'size.list-tokens',
      '',
      `All tool definitions cost about ${totalTokens} tokens (threshold ${options.totalTokenWarnThreshold}; chars/4 of compact JSON).`,
    );
  }
}
