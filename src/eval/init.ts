/**
 * The starter tasks file `mcpvet eval init` writes from a server's tools: the settings with their
 * defaults, one example task that is valid as written, and a commented task per tool (its name
 * and required arguments as a subset matcher with placeholder values) to complete and uncomment.
 * Tool names and descriptions come from the server: they are written through the YAML
 * serialiser or as one escaped comment line, so no description can add lines to the file.
 */
import { stringify } from 'yaml';
import { oneLine } from '../wire/control-chars.js';
import { DEFAULT_SETTINGS } from './tasks-file.js';

export interface StarterOptions {
  /** The server's name (serverInfo), for the header. */
  server?: string;
  /** The file's name, for the command line in the header. */
  file?: string;
}

interface ToolInfo {
  name: string;
  description: string;
  required: Array<[string, unknown]>;
  readOnly: boolean;
}

const MAX_COMMENT_CHARS = 160;
const MAX_PROMPT_CHARS = 300;

export function starterTasksFile(tools: readonly unknown[], options: StarterOptions = {}): string {
  const infos = tools.map(toolInfo).filter((info) => info !== undefined);
  if (infos.length === 0) throw new Error('the server lists no tools: there is nothing to evaluate');
  const ids = new Set<string>();
  const example = pickExample(infos);
  const lines = [
    `# Tasks for \`mcpvet eval\`, written by \`mcpvet eval init\` from the ${infos.length} tool(s) of ${comment(options.server ?? 'the server')}.`,
    '# Each task gives a model a prompt and the server tools, and judges the run by `expect`.',
    '# Rewrite the example task, complete and uncomment the others (one per tool), then run:',
    `#   mcpvet eval ${options.file ?? 'tasks.yaml'} --model openai:gpt-4.1-mini -- <server command>`,
    "# Write prompts in your users' words, without naming the tool. The model's tool calls run on",
    '# the server for real: point eval at a test instance.',
    '# Conditions of `expect` (all given must hold): answer {exact | contains | regex, flags},',
    '# toolCalls [{name, arguments {exact | subset | regex | schema}}], ordered, forbiddenTools,',
    '# maxCalls, toolResult [{tool, path: $.json.path, equals | matches}], judge {rubric}.',
    '',
    'settings:',
    '  # models: [openai:gpt-4.1-mini]   # or give --model',
    `  runs: ${DEFAULT_SETTINGS.runs}`,
    `  maxTurns: ${DEFAULT_SETTINGS.maxTurns}`,
    `  timeout: ${DEFAULT_SETTINGS.timeoutMs / 1000}s`,
    `  toolTimeout: ${DEFAULT_SETTINGS.toolTimeoutMs / 1000}s`,
    `  concurrency: ${DEFAULT_SETTINGS.concurrency}`,
    `  threshold: ${DEFAULT_SETTINGS.threshold}`,
    `  k: ${DEFAULT_SETTINGS.k}`,
    '',
    'tasks:',
    '  # An example, valid as written. TODO: rewrite the prompt as a user would ask it.',
    ...block(
      {
        id: uniqueId(`example-${slug(example.name)}`, ids),
        prompt: example.description === '' ? `TODO: ask for something that needs ${example.name}` : clip(firstSentence(example.description), MAX_PROMPT_CHARS),
        expect: { toolCalls: [{ name: example.name }] },
      },
      false,
    ),
  ];
  for (const info of infos) {
    lines.push('', `  # ${comment(info.name)}${info.description === '' ? ' (no description)' : `: ${comment(info.description)}`}`);
    const call: Record<string, unknown> = { name: info.name };
    if (info.required.length > 0) call.arguments = { subset: Object.fromEntries(info.required) };
    const prompt = `TODO: ask, in a user's words, for something that needs ${info.description === '' ? info.name : `this: ${clip(firstSentence(info.description), MAX_PROMPT_CHARS)}`}`;
    lines.push(...block({ id: uniqueId(slug(info.name), ids), prompt, expect: { toolCalls: [call] } }, true));
  }
  return `${lines.join('\n')}\n`;
}

/** A task as YAML list lines under `tasks:`, commented out or not. */
function block(task: Record<string, unknown>, commented: boolean): string[] {
  const yaml = stringify([task], { lineWidth: 0 }).trimEnd();
  return yaml.split('\n').map((line) => (commented ? `  # ${line}` : `  ${line}`));
}

function toolInfo(tool: unknown): ToolInfo | undefined {
  if (typeof tool !== 'object' || tool === null) return undefined;
  const record = tool as { name?: unknown; description?: unknown; inputSchema?: unknown; annotations?: unknown };
  if (typeof record.name !== 'string' || record.name === '') return undefined;
  const schema = isObject(record.inputSchema) ? record.inputSchema : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
  return {
    name: record.name,
    description: typeof record.description === 'string' ? record.description.trim() : '',
    required: [...new Set(required)].map((name) => [name, placeholder(properties[name])]),
    readOnly: isObject(record.annotations) && record.annotations.readOnlyHint === true,
  };
}

/** The runnable example: a read-only tool needing no arguments if there is one (the safest first run). */
function pickExample(infos: ToolInfo[]): ToolInfo {
  return infos.find((info) => info.readOnly && info.required.length === 0) ?? infos.find((info) => info.required.length === 0) ?? (infos[0] as ToolInfo);
}

/** A value of the parameter's type, for the user to replace. */
function placeholder(schema: unknown): unknown {
  if (!isObject(schema)) return 'TODO';
  if (Object.hasOwn(schema, 'const')) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((candidate) => candidate !== 'null') ?? types[0];
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  switch (type) {
    case 'integer':
      return minimum !== undefined && minimum > 1 ? Math.ceil(minimum) : 1;
    case 'number':
      return minimum !== undefined && minimum > 1 ? minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    case 'null':
      return null;
    default:
      return 'TODO';
  }
}

/** A task id from a tool name: `add_note` -> `add-note`. */
function slug(name: string): string {
  return (
    name
      .replace(/[^A-Za-z0-9.-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 60) || 'tool'
  );
}

function uniqueId(base: string, taken: Set<string>): string {
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

function firstSentence(text: string): string {
  const match = /^[\s\S]*?[.!?](?=\s|$)/.exec(text);
  return (match ? match[0] : text).replace(/\s+/g, ' ').trim();
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/** Server text in a comment: one escaped line, clipped. */
function comment(text: string): string {
  return clip(oneLine(text.replace(/\s+/g, ' ').trim()), MAX_COMMENT_CHARS);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
