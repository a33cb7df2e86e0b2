/**
 * Description variants (`--variants variants.yaml`): other wordings of tool and parameter
 * descriptions, applied to the tool list the model sees, so that two wordings are compared on
 * the same tasks in one command without redeploying the server.
 *
 *   variants:
 *     - name: current          # no changes: the server's own descriptions
 *     - name: explicit
 *       tools:
 *         get_weather:
 *           description: "Current weather for a city: temperature (°C) and sky."
 *           parameters:
 *             city: "City name, e.g. Boston"     # inputSchema.properties.city.description
 */
import { EvalFileError, FieldReader, readFileText } from './file-fields.js';
import { TASK_ID } from './tasks-file.js';
import type { FieldPath } from './yaml-lines.js';

export interface ToolRewrite {
  /** The tool's new description ('' removes it). */
  description?: string;
  /** New descriptions of top-level parameters, by parameter name. */
  parameters?: Record<string, string>;
}

export interface DescriptionVariant {
  name: string;
  /** Rewrites by MCP tool name (empty: the server's own descriptions). */
  tools: Record<string, ToolRewrite>;
}

/** A tool as tools/list gives it (only what a variant rewrites is typed). */
export interface ListedTool {
  name: string;
  description?: string;
  inputSchema?: unknown;
}

export class VariantsFileError extends EvalFileError {
  constructor(lines: string[]) {
    super(lines);
    this.name = 'VariantsFileError';
  }
}

export function loadVariantsFile(path: string): DescriptionVariant[] {
  return parseVariantsFile(
    readFileText(path, (lines) => new VariantsFileError(lines)),
    path,
  );
}

/** The variants, or a VariantsFileError listing every mistake at its line. */
export function parseVariantsFile(text: string, source = 'variants file'): DescriptionVariant[] {
  const { reader, value } = FieldReader.parse(text, source);
  if (reader.failed) throw new VariantsFileError(reader.lines());
  if (value === undefined || value === null) throw new VariantsFileError([`${source}:1: the file is empty: it needs a list of variants (variants: - name: …)`]);
  if (Array.isArray(value)) throw new VariantsFileError([`${source}:1: the file is a list: put it under variants: (variants: - name: …)`]);
  const root = reader.object(value, [], ['variants']);
  const listed = root ? reader.required(root, 'variants', []) : undefined;
  const items = listed === undefined ? [] : (reader.list(listed, ['variants'], { nonEmpty: 'must hold at least one variant' }) ?? []);
  const variants: DescriptionVariant[] = [];
  const firstIndex = new Map<string, number>();
  items.forEach((item, index) => {
    const variant = readVariant(reader, item, ['variants', index]);
    if (variant) variants.push(variant);
    // Checked on the raw name, so that a duplicate is reported even in a variant with other mistakes.
    const name = (item as { name?: unknown } | null)?.name;
    if (typeof name !== 'string' || !TASK_ID.test(name)) return;
    const first = firstIndex.get(name);
    if (first !== undefined)
      reader.report(
        ['variants', index, 'name'],
        `"${name}" is already the name of variants[${first}] (line ${reader.lineOf(['variants', first, 'name'])}); names must be unique`,
      );
    else firstIndex.set(name, index);
  });
  if (reader.failed) throw new VariantsFileError(reader.lines());
  return variants;
}

function readVariant(reader: FieldReader, value: unknown, path: FieldPath): DescriptionVariant | undefined {
  const fields = reader.object(value, path, ['name', 'tools']);
  if (!fields) return undefined;
  const nameValue = reader.required(fields, 'name', path);
  let name = nameValue === undefined ? undefined : reader.string(nameValue, [...path, 'name']);
  if (name !== undefined && !TASK_ID.test(name)) {
    reader.report([...path, 'name'], `may hold only letters, digits, ".", "_" and "-", not ${JSON.stringify(name)}`);
    name = undefined;
  }
  const tools: Record<string, ToolRewrite> = {};
  let ok = name !== undefined;
  if (fields.tools !== undefined && fields.tools !== null) {
    const byName = reader.dictionary(fields.tools, [...path, 'tools']);
    if (!byName) ok = false;
    for (const [tool, rewriteValue] of Object.entries(byName ?? {})) {
      const rewrite = readRewrite(reader, rewriteValue, [...path, 'tools', tool]);
      if (rewrite) tools[tool] = rewrite;
      else ok = false;
    }
  }
  return ok ? { name: name as string, tools } : undefined;
}

function readRewrite(reader: FieldReader, value: unknown, path: FieldPath): ToolRewrite | undefined {
  const fields = reader.object(value, path, ['description', 'parameters']);
  if (!fields) return undefined;
  if (Object.keys(fields).length === 0) {
    reader.report(path, 'give a description, parameters, or both (a variant without changes needs no tools entry)');
    return undefined;
  }
  const rewrite: ToolRewrite = {};
  let ok = true;
  if (fields.description !== undefined) {
    if (typeof fields.description === 'string') rewrite.description = fields.description;
    else {
      reader.report([...path, 'description'], 'must be a string');
      ok = false;
    }
  }
  if (fields.parameters !== undefined) {
    const parameters = reader.dictionary(fields.parameters, [...path, 'parameters']);
    if (!parameters) ok = false;
    for (const [param, description] of Object.entries(parameters ?? {})) {
      if (typeof description !== 'string') {
        reader.report([...path, 'parameters', param], "must be a string (the parameter's new description)");
        ok = false;
      }
    }
    if (parameters) rewrite.parameters = parameters as Record<string, string>;
  }
  return ok ? rewrite : undefined;
}

/**
 * The tool list as the variant words it: deep copies, the tool description replaced, and each
 * parameter description set at `inputSchema.properties[param].description`. A tool or parameter
 * the server does not have is a problem (the runner reports it as an error), never ignored.
 */
export function applyVariant<T extends ListedTool>(tools: readonly T[], variant: DescriptionVariant): { tools: T[]; problems: string[] } {
  const copies = tools.map((tool) => structuredClone(tool));
  const problems: string[] = [];
  for (const [toolName, rewrite] of Object.entries(variant.tools)) {
    const tool = copies.find((candidate) => candidate.name === toolName);
    if (!tool) {
      problems.push(`variant ${variant.name}: the server has no tool ${toolName}`);
      continue;
    }
    if (rewrite.description !== undefined) {
      if (rewrite.description === '') delete tool.description;
      else tool.description = rewrite.description;
    }
    for (const [param, description] of Object.entries(rewrite.parameters ?? {})) {
      const problem = setParameterDescription(tool, param, description);
      if (problem) problems.push(`variant ${variant.name}: ${toolName} ${problem}`);
    }
  }
  return { tools: copies, problems };
}

function setParameterDescription(tool: ListedTool, param: string, description: string): string | undefined {
  const schema = tool.inputSchema as { properties?: Record<string, unknown> } | undefined;
  const properties = typeof schema === 'object' && schema !== null ? schema.properties : undefined;
  const names = typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
  if (!properties || !Object.hasOwn(properties, param))
    return `has no parameter ${param} (${names.length === 0 ? 'it has none' : `its parameters: ${names.join(', ')}`})`;
  const property = properties[param];
  // `true` is the schema that allows anything: the same schema with a description.
  if (property === true) properties[param] = { description };
  else if (typeof property === 'object' && property !== null && !Array.isArray(property)) (property as { description?: string }).description = description;
  else return `parameter ${param} has a schema that cannot hold a description (${JSON.stringify(property)})`;
  return undefined;
}
