/** The run's tools/list (all pages), or a skip saying why the tools could not be listed. */
import type { CheckContext, Finding } from '../../types.js';
import { skip } from '../../define.js';

export type ToolsOrSkip = { tools: Record<string, unknown>[]; skipped?: undefined } | { tools?: undefined; skipped: Finding };

export async function listedTools(ctx: CheckContext): Promise<ToolsOrSkip> {
  try {
    return { tools: await ctx.tools() };
  } catch (error) {
    // The listing itself is judged by tools.list-shape and tools.pagination-consistent.
    return { skipped: skip(`tools/list could not be read completely (${(error as Error).message}); see tools.list-shape and tools.pagination-consistent`) };
  }
}

export const toolName = (tool: Record<string, unknown>, index: number): string => (typeof tool.name === 'string' ? tool.name : `#${index}`);
