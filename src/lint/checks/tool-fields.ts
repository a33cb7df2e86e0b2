// The Tool object's own fields: types, annotations, description presence and length.
import { isPlainObject } from '../../wire/json-pointer.js';
import type { ToolContext } from '../context.js';

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

export function checkToolFields(ctx: ToolContext): void {
  const { tool, report } = ctx;
  for (const field of ['title', 'description'] as const) {
    if (field in tool && typeof tool[field] !== 'string') {
      report('tool.field-type', `/${field}`, `\`${field}\` is ${typeName(tool[field])}, not a string.`);
    }
  }
  if ('icons' in tool && !Array.isArray(tool.icons)) {
    report('tool.field-type', '/icons', `\`icons\` is ${typeName(tool.icons)}, not an array.`);
  }
  if ('_meta' in tool && !isPlainObject(tool._meta)) {
    report('tool.field-type', '/_meta', `\`_meta\` is ${typeName(tool._meta)}, not an object.`);
  }
  checkAnnotations(ctx);
  checkDescription(ctx);
}

function checkAnnotations({ tool, report }: ToolContext): void {
  if (!('annotations' in tool)) return;
  const a = tool.annotations;
  if (!isPlainObject(a)) {
    report('tool.annotations-type', '/annotations', `\`annotations\` is ${typeName(a)}, not an object.`);
    return;
  }
  for (const hint of HINTS) {
    if (hint in a && typeof a[hint] !== 'boolean') {
      report(
        'tool.annotations-type',
        `/annotations/${hint}`,
        `\`${hint}\` is ${typeName(a[hint])}, not a boolean.`,
        `Use \`"${hint}": ${a[hint] === 'false' ? 'false' : 'true'}\` (a JSON boolean, not a string).`,
      );
    }
  }
  if ('title' in a && typeof a.title !== 'string') {
    report('tool.annotations-type', '/annotations/title', `\`annotations.title\` is ${typeName(a.title)}, not a string.`);
  }
  if (a.readOnlyHint === true && a.destructiveHint === true) {
    report(
      'tool.annotations-contradictory',
      '/annotations/destructiveHint',
      '`destructiveHint: true` together with `readOnlyHint: true`: clients ignore destructiveHint on read-only tools.',
    );
  }
}

function checkDescription({ tool, report, options }: ToolContext): void {
  const d = tool.description;
  if (d === undefined || (typeof d === 'string' && d.trim() === '')) {
    report('tool.description-missing', '/description', d === undefined ? 'The tool has no description.' : 'The description is empty.');
    return;
  }
  if (typeof d === 'string' && d.length > options.descriptionWarnChars) {
    report('tool.description-too-long', '/description', `The description is ${d.length} characters (threshold ${options.descriptionWarnChars}).`);
  }
}

export function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  const t = typeof v;
  return t === 'object' ? 'an object' : `a ${t}`;
}
