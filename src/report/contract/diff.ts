/** The result of `mcpvet diff` as plain text (terminal), Markdown (pull-request comments) or JSON. */
import { CHANGE_KINDS, type ChangeKind, type ContractChange } from '../../contract/change.js';
import { countByKind, suggestBump } from '../../contract/diff.js';
import type { ContractSnapshot } from '../../contract/snapshot-types.js';
import { printable } from '../../wire/control-chars.js';

export type DiffFormat = 'text' | 'markdown' | 'json';

/** What was compared, in words (file names, or describeSnapshot()). */
export interface DiffContext {
  oldLabel?: string;
  newLabel?: string;
}

const HEADINGS: Record<ChangeKind, string> = { breaking: 'Breaking', compatible: 'Compatible', cosmetic: 'Cosmetic' };

/** e.g. 'notes-server 1.2.0, 2026-07-28 (modern), taken 2026-08-01T10:00:00Z'. */
export function describeSnapshot(snapshot: ContractSnapshot): string {
  const identity = [snapshot.serverInfo?.name, snapshot.serverInfo?.version].filter(Boolean).join(' ') || snapshot.target;
  return `${identity}, ${snapshot.protocolVersion} (${snapshot.era}), taken ${snapshot.takenAt}`;
}

export function renderDiff(changes: readonly ContractChange[], format: DiffFormat, context: DiffContext = {}): string {
  switch (format) {
    case 'text':
      return renderDiffText(changes, context);
    case 'markdown':
      return renderDiffMarkdown(changes, context);
    case 'json':
      return renderDiffJson(changes, context);
  }
}

/** '2 breaking, 1 compatible, 0 cosmetic; suggested bump: major' */
export function summaryLine(changes: readonly ContractChange[]): string {
  if (changes.length === 0) return 'No contract changes; suggested bump: none';
  const counts = countByKind(changes);
  return `${CHANGE_KINDS.map((kind) => `${counts[kind]} ${kind}`).join(', ')}; suggested bump: ${suggestBump(changes)}`;
}

function comparedLine(context: DiffContext): string | undefined {
  if (context.oldLabel === undefined && context.newLabel === undefined) return undefined;
  return `${context.oldLabel ?? 'old'} -> ${context.newLabel ?? 'new'}`;
}

export function renderDiffText(changes: readonly ContractChange[], context: DiffContext = {}): string {
  const lines: string[] = [];
  const compared = comparedLine(context);
  lines.push(compared === undefined ? 'Contract diff' : `Contract diff: ${compared}`);
  lines.push(summaryLine(changes));
  for (const kind of CHANGE_KINDS) {
    const ofKind = changes.filter((c) => c.kind === kind);
    if (ofKind.length === 0) continue;
    lines.push('', `${HEADINGS[kind]} (${ofKind.length})`);
    for (const change of ofKind) {
      lines.push(`  ${change.security ? '[security] ' : ''}${change.subject}: ${change.message}`, `      at ${change.path}`);
    }
  }
  // Subjects and messages carry server-supplied names: no escape sequence reaches the terminal.
  return `${printable(lines.join('\n'))}\n`;
}

/** Server-supplied names end up in the comment, so anything Markdown or HTML would act on is escaped. */
function escapeCell(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[\\`*_[\]<>|#~!&]/g, (ch) => `\\${ch}`);
}

function codeCell(text: string): string {
  // Inside a code span only '|' needs escaping (GFM tables); a backtick inside needs a longer fence.
  const body = text.replace(/[\r\n]+/g, ' ').replace(/\|/g, '\\|');
  return body.includes('`') ? `\`\` ${body} \`\`` : `\`${body}\``;
}

export function renderDiffMarkdown(changes: readonly ContractChange[], context: DiffContext = {}): string {
  const counts = countByKind(changes);
  const bump = suggestBump(changes);
  const lines = ['### mcpvet contract diff', ''];
  if (changes.length === 0) lines.push('No contract changes. Suggested bump: **none**');
  else {
    const parts = CHANGE_KINDS.map((kind) => (kind === 'breaking' && counts[kind] > 0 ? `**${counts[kind]} breaking**` : `${counts[kind]} ${kind}`));
    lines.push(`${parts.join(' · ')} — suggested bump: **${bump}**`);
  }
  if (context.oldLabel !== undefined || context.newLabel !== undefined)
    lines.push('', `Compared: ${escapeCell(context.oldLabel ?? 'old')} → ${escapeCell(context.newLabel ?? 'new')}`);
  for (const kind of CHANGE_KINDS) {
    const ofKind = changes.filter((c) => c.kind === kind);
    if (ofKind.length === 0) continue;
    lines.push('', `#### ${HEADINGS[kind]} (${ofKind.length})`, '', '| Subject | Change | Path |', '| --- | --- | --- |');
    for (const change of ofKind) {
      lines.push(`| ${change.security ? '**security** ' : ''}${escapeCell(change.subject)} | ${escapeCell(change.message)} | ${codeCell(change.path)} |`);
    }
  }
  return `${printable(lines.join('\n'))}\n`;
}

export interface DiffJson {
  suggestedBump: ReturnType<typeof suggestBump>;
  counts: Record<ChangeKind, number>;
  old?: string;
  new?: string;
  changes: ContractChange[];
}

export function renderDiffJson(changes: readonly ContractChange[], context: DiffContext = {}): string {
  const document: DiffJson = {
    suggestedBump: suggestBump(changes),
    counts: countByKind(changes),
    ...(context.oldLabel !== undefined ? { old: context.oldLabel } : {}),
    ...(context.newLabel !== undefined ? { new: context.newLabel } : {}),
    changes: [...changes],
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
