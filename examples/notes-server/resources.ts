/** Resources: a readme, a JSON index of all notes, and one resource per note (template notes://notes/{id}). */
import { Code, RpcError, type Json } from './protocol.js';
import type { Note, NoteStore } from './store.js';

export const README_URI = 'notes://readme';
export const INDEX_URI = 'notes://index';
export const NOTE_TEMPLATE = 'notes://notes/{id}';
const NOTE_PREFIX = 'notes://notes/';

export const noteUri = (id: string): string => `${NOTE_PREFIX}${id}`;

/** Any URI this server could ever serve (used to honour resource subscriptions). */
export function isNoteUri(uri: string): boolean {
  return uri === README_URI || uri === INDEX_URI || /^notes:\/\/notes\/[A-Za-z0-9_-]+$/.test(uri);
}

const README = `# Notes server

The example MCP server of mcpvet. It keeps short notes.

- Tools: add_note, get_note, list_notes, search_notes, delete_note (asks for confirmation), export_notes, toggle_extras (shows word_count and weekly_review).
- Resources: ${README_URI}, ${INDEX_URI}, ${NOTE_TEMPLATE}.
- Prompts: summarize_note, daily_digest.
`;

// Caching hints (SEP-2549): the readme never changes; anything derived from notes may change at any time.
const STATIC = { ttlMs: 3_600_000, cacheScope: 'public' } as const;
const VOLATILE = { ttlMs: 0, cacheScope: 'public' } as const;

export const noteMarkdown = (note: Note): string => `# ${note.title}\n\n${note.body}\n${note.tags.length ? `\nTags: ${note.tags.join(', ')}\n` : ''}`;

export function listResources(store: NoteStore): Json {
  const resources: Json[] = [
    { uri: README_URI, name: 'readme', title: 'About this server', mimeType: 'text/markdown' },
    { uri: INDEX_URI, name: 'index', title: 'Index of all notes', mimeType: 'application/json' },
    ...store.list().map((n) => ({ uri: noteUri(n.id), name: `note-${n.id}`, title: n.title, mimeType: 'text/markdown' })),
  ];
  return { resources, ...VOLATILE };
}

export function listResourceTemplates(): Json {
  return {
    resourceTemplates: [{ uriTemplate: NOTE_TEMPLATE, name: 'note', title: 'A note by id', mimeType: 'text/markdown' }],
    ...STATIC,
  };
}

export function readResource(store: NoteStore, params: Json, legacy: boolean): Json {
  const uri = params.uri;
  if (typeof uri !== 'string') throw new RpcError(Code.InvalidParams, 'resources/read needs a string uri');
  if (uri === README_URI) return { contents: [{ uri, mimeType: 'text/markdown', text: README }], ...STATIC };
  if (uri === INDEX_URI) {
    const index = store.list().map(({ id, title, tags }) => ({ id, title, tags, uri: noteUri(id) }));
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(index) }], ...VOLATILE };
  }
  const note = uri.startsWith(NOTE_PREFIX) ? store.get(uri.slice(NOTE_PREFIX.length)) : undefined;
  if (note) return { contents: [{ uri, mimeType: 'text/markdown', text: noteMarkdown(note) }], ...VOLATILE };
  // 2026-07-28 retired -32002 in favour of -32602; legacy clients still expect -32002.
  if (legacy) throw new RpcError(Code.LegacyResourceNotFound, 'Resource not found', { uri });
  throw new RpcError(Code.InvalidParams, 'Resource not found', { uri });
}
