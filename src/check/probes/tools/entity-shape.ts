/** Shape problems of listed things (Tool, Resource, Prompt...) against mcpvet's validators of the era. */
import { schemaIssues, schemasFor, type ValidationIssue } from '../../../protocol/schemas/index.js';
import type { Era } from '../../../protocol/versions.js';

export type PartName = 'Tool' | 'Resource' | 'ResourceTemplate' | 'Prompt' | 'PromptMessage' | 'TextResourceContents' | 'BlobResourceContents' | 'ContentBlock';

export function partIssues(era: Era, part: PartName, value: unknown, prefix = ''): ValidationIssue[] {
  const schema = schemasFor(era).parts.get(part);
  if (!schema) throw new Error(`no schema for ${part}`);
  return schemaIssues(schema, value, prefix);
}

export const issueText = (issue: ValidationIssue): string => `${issue.path || '(root)'} ${issue.message}`;

/** How to name an item in a message: its name/uri when it has one, else its index. */
export function itemLabel(item: unknown, index: number, key: 'name' | 'uri' | 'uriTemplate' = 'name'): string {
  const value = typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? `"${value}"` : `#${index}`;
}
