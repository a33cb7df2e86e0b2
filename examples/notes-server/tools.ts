/** The nine tools (and word_count while the extras are shown): definitions (deterministic order), argument validation and implementations. */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { Code, RpcError, isObject, type Json } from './protocol.js';
import type { HandleContext } from './types.js';
import type { Note, NoteStore } from './store.js';
import type { SubscriptionHub } from './subscriptions.js';
import { noteMarkdown } from './resources.js';
import { confirmDeletion, type ConfirmationEnv } from './delete-confirmation.js';
import { TOGGLE_EXTRAS_TOOL, extraTools, toggleExtras, wordCount, type Extras } from './extras.js';
import { TASK_TOOLS, buildIndex, countWords } from './task-tools.js';
import { loggerFor } from './logging.js';

/** Time per note of a search that reports progress. */
const SEARCH_PACE_MS = 60;

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;
const NOTE_SCHEMA = {
  type: 'object',
  properties: { id: { type: 'string' }, title: { type: 'string' }, body: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
  required: ['id', 'title', 'body', 'tags'],
  additionalProperties: false,
};

export const TOOLS: Json[] = [
  {
    name: 'add_note',
    title: 'Add note',
    description: 'Creates a note and returns it with its new id.',
    inputSchema: {
      type: 'object',
      properties: {
        title: { type: 'string', minLength: 1, maxLength: 200, description: 'Short title' },
        body: { type: 'string', description: 'Text of the note' },
        tags: { type: 'array', items: { type: 'string' }, description: 'Optional labels' },
      },
      required: ['title', 'body'],
      additionalProperties: false,
    },
    // Adds only: not destructive; a repeat adds a second note, so not idempotent.
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  {
    name: 'get_note',
    title: 'Get note',
    description: 'Returns one note by id.',
    inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'Note id, e.g. n1' } }, required: ['id'], additionalProperties: false },
    outputSchema: NOTE_SCHEMA,
    annotations: READ_ONLY,
  },
  {
    name: 'list_notes',
    title: 'List notes',
    description: 'Lists the ids, titles and tags of all notes.',
    // The spec's recommended schema for a tool without parameters.
    inputSchema: { type: 'object', additionalProperties: false },
    annotations: READ_ONLY,
  },
  {
    name: 'search_notes',
    title: 'Search notes',
    description:
      'Finds notes whose title, body or tags contain the query (case-insensitive). Reports progress when given a progressToken and logs each note it reads when the request asks for logs.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, description: 'Text to look for' },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: 50,
          'x-mcp-header': 'Limit',
          description: 'Most results to return (default 10; mirrored in the Mcp-Param-Limit header)',
        },
      },
      required: ['query'],
      additionalProperties: false,
    },
    annotations: READ_ONLY,
  },
  {
    name: 'delete_note',
    title: 'Delete note',
    description: 'Deletes a note after the user confirms (elicitation).',
    inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'Note id' } }, required: ['id'], additionalProperties: false },
    // Deleting twice leaves the same store: idempotent, but destructive.
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'export_notes',
    title: 'Export notes',
    description: 'Exports all notes of a workspace as JSON or Markdown.',
    inputSchema: {
      type: 'object',
      properties: {
        workspace: { type: 'string', minLength: 1, 'x-mcp-header': 'Workspace', description: 'Workspace name (mirrored in the Mcp-Param-Workspace header)' },
        format: { type: 'string', enum: ['json', 'markdown'], description: 'Output format (default json)' },
      },
      required: ['workspace'],
      additionalProperties: false,
    },
    annotations: READ_ONLY,
  },
  TOGGLE_EXTRAS_TOOL,
  ...TASK_TOOLS,
];

export const findTool = (name: unknown, extras: Extras = { shown: false }): Json | undefined => listedTools(extras).find((t) => t.name === name);
export const listedTools = (extras: Extras): Json[] => [...TOOLS, ...extraTools(extras)];

// Compiled on first use: compiling every schema at start-up costs a few hundred ms of cold start.
let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();
function validatorFor(tool: Json): ValidateFunction {
  let validate = validators.get(tool.name as string);
  if (!validate) {
    if (!ajv) {
      ajv = new Ajv2020({ allErrors: true });
      ajv.addKeyword({ keyword: 'x-mcp-header', schemaType: 'string' });
    }
    validate = ajv.compile(tool.inputSchema as object);
    validators.set(tool.name as string, validate);
  }
  return validate;
}

export interface ToolEnv extends ConfirmationEnv {
  store: NoteStore;
  hub: SubscriptionHub;
  extras: Extras;
}

export interface ToolCall {
  params: Json;
  legacy: boolean;
  /** Capabilities of this request (modern) or of the session (legacy). */
  clientCapabilities: Json;
  ctx: HandleContext;
}

const text = (value: string): Json => ({ type: 'text', text: value });
export const toolError = (message: string): Json => ({ content: [text(message)], isError: true });
const structured = (value: unknown): Json => ({ content: [text(JSON.stringify(value))], structuredContent: value });

export async function callTool(env: ToolEnv, call: ToolCall): Promise<Json> {
  const { name } = call.params;
  const args = call.params.arguments ?? {};
  const tool = findTool(name, env.extras);
  if (!tool) throw new RpcError(Code.InvalidParams, `Unknown tool: ${String(name)}`);
  if (!isObject(args)) throw new RpcError(Code.InvalidParams, 'tools/call arguments must be an object');
  const validate = validatorFor(tool);
  // SEP-1303: arguments that break the input schema are a tool execution error, so the model can retry.
  if (!validate(args)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`);
    return toolError(`Invalid arguments for ${String(name)}: ${problems.join('; ')}`);
  }
  const { store } = env;
  switch (name) {
    case 'add_note': {
      const note = store.add({ title: args.title as string, body: args.body as string, tags: (args.tags as string[] | undefined) ?? [] });
      env.hub.noteChanged(note.id);
      return structured(note);
    }
    case 'get_note': {
      const note = store.get(args.id as string);
      return note ? structured(note) : toolError(`No note with id ${String(args.id)}`);
    }
    case 'list_notes': {
      const notes = store.list().map(({ id, title, tags }) => ({ id, title, tags }));
      return { content: [text(notes.map((n) => `${n.id}: ${n.title}`).join('\n') || '(no notes)')] };
    }
    case 'search_notes':
      return searchNotes(store, args, call);
    case 'delete_note':
      return confirmDeletion(env, args.id as string, call);
    case 'export_notes':
      return exportNotes(store.list(), args);
    case 'toggle_extras':
      return toggleExtras(env.extras, env.hub);
    case 'word_count':
      return wordCount(store, args.id as string);
    case 'count_words':
      return countWords(store.list(), args);
    case 'build_index':
      return buildIndex(store.list(), args);
    default:
      throw new RpcError(Code.InternalError, `Tool ${String(name)} has no implementation`);
  }
}

async function searchNotes(store: NoteStore, args: Json, call: ToolCall): Promise<Json> {
  const query = (args.query as string).toLowerCase();
  const limit = (args.limit as number | undefined) ?? 10;
  const token = isObject(call.params._meta) ? call.params._meta.progressToken : undefined;
  const log = loggerFor(call.params, call.legacy, call.ctx);
  const notes = store.list();
  const found: Note[] = [];
  for (const [index, note] of notes.entries()) {
    if (call.ctx.signal?.aborted) return toolError('Cancelled');
    if ([note.title, note.body, ...note.tags].some((s) => s.toLowerCase().includes(query))) found.push(note);
    log('debug', `searched ${note.id}`);
    if (token !== undefined) {
      call.ctx.send({
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: token, progress: index + 1, total: notes.length, message: `Searched ${note.id}` },
      });
      // A search that reports progress takes a moment per note: a client can cancel it midway.
      await new Promise((resolve) => setTimeout(resolve, SEARCH_PACE_MS));
    }
  }
  log('info', `found ${found.length} of ${notes.length} notes`);
  const hits = found.slice(0, limit);
  return { content: [text(hits.length ? hits.map((n) => `${n.id}: ${n.title}`).join('\n') : 'No matching notes')] };
}

function exportNotes(notes: Note[], args: Json): Json {
  const workspace = args.workspace as string;
  if (args.format === 'markdown') return { content: [text(`<!-- workspace: ${workspace} -->\n${notes.map(noteMarkdown).join('\n')}`)] };
  return { content: [text(JSON.stringify({ workspace, notes }))] };
}
