/** Builders for contract snapshots used by the diff tests: a small notes server and edits of it. */
import type { ContractSnapshot, ToolSnapshot } from '../../src/contract/snapshot-types.js';
import { hashDescription } from '../../src/contract/description-hash.js';

export function searchTool(overrides: Partial<ToolSnapshot> = {}): ToolSnapshot {
  return {
    name: 'search_notes',
    title: 'Search notes',
    descriptionHash: hashDescription('Search the notes by text.'),
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1 },
        limit: { type: 'integer', minimum: 1, maximum: 100 },
        sort: { type: 'string', enum: ['newest', 'oldest'] },
      },
      required: ['query'],
    },
    outputSchema: {
      type: 'object',
      properties: {
        notes: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, title: { type: 'string' } }, required: ['id'] } },
        total: { type: 'integer' },
      },
      required: ['notes'],
    },
    annotations: { title: 'Search', readOnlyHint: true, openWorldHint: false },
    ...overrides,
  };
}

export function deleteTool(overrides: Partial<ToolSnapshot> = {}): ToolSnapshot {
  return {
    name: 'delete_note',
    descriptionHash: hashDescription('Delete a note.'),
    inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    ...overrides,
  };
}

export function notesSnapshot(overrides: Partial<ContractSnapshot> = {}): ContractSnapshot {
  return {
    format: 'mcpvet-contract',
    formatVersion: 1,
    takenAt: '2026-08-01T10:00:00.000Z',
    target: 'stdio: node dist/examples/notes-server.js',
    era: 'modern',
    protocolVersion: '2026-07-28',
    supportedVersions: ['2026-07-28', '2025-11-25'],
    serverInfo: { name: 'notes-server', version: '1.0.0' },
    capabilities: { tools: { listChanged: true }, resources: { subscribe: true }, prompts: {} },
    tools: [searchTool(), deleteTool()],
    resources: [{ uri: 'notes://index', name: 'index', mimeType: 'application/json' }],
    resourceTemplates: [{ uriTemplate: 'notes://note/{id}', name: 'note', mimeType: 'text/markdown' }],
    prompts: [{ name: 'summarize', arguments: [{ name: 'id', required: true }, { name: 'style' }] }],
    errorClasses: {
      unknownTool: { kind: 'protocol-error', code: -32602 },
      invalidArguments: { kind: 'tool-error' },
    },
    ...overrides,
  };
}

/** A deep copy to edit freely. */
export function copy<T>(value: T): T {
  return structuredClone(value);
}
