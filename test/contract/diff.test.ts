import { describe, expect, it } from 'vitest';
import type { ContractChange } from '../../src/contract/change.js';
import { hashDescription } from '../../src/contract/description-hash.js';
import { diffContracts, suggestBump } from '../../src/contract/diff.js';
import { renderDiff } from '../../src/report/contract/diff.js';
import type { ContractSnapshot } from '../../src/contract/snapshot-types.js';
import { copy, deleteTool, notesSnapshot, searchTool } from './snapshots.js';

/** The snapshot after `edit`, and the changes from the original to it. */
function diffAfter(edit: (s: ContractSnapshot) => void, base: ContractSnapshot = notesSnapshot()): ContractChange[] {
  const after = copy(base);
  edit(after);
  return diffContracts(base, after);
}

/** The changes the other way round: from the edited snapshot back to the original. */
function diffBefore(edit: (s: ContractSnapshot) => void, base: ContractSnapshot = notesSnapshot()): ContractChange[] {
  const edited = copy(base);
  edit(edited);
  return diffContracts(edited, base);
}

const brief = (changes: ContractChange[]) => changes.map((c) => [c.kind, c.subject, c.message]);

describe('diffContracts', () => {
  it('finds nothing between a snapshot and a copy taken later of the same surface', () => {
    const later = copy(notesSnapshot());
    later.takenAt = '2026-09-01T00:00:00.000Z';
    later.serverInfo = { name: 'notes-server', version: '1.0.1' };
    expect(diffContracts(notesSnapshot(), later)).toEqual([]);
  });

  describe('tools', () => {
    it('tool removed is breaking; added back is compatible', () => {
      const edit = (s: ContractSnapshot) => void (s.tools = s.tools.filter((t) => t.name !== 'delete_note'));
      expect(diffAfter(edit)).toEqual([{ kind: 'breaking', subject: 'tool delete_note', path: 'tools.delete_note', message: 'tool removed' }]);
      expect(diffBefore(edit)).toEqual([{ kind: 'compatible', subject: 'tool delete_note', path: 'tools.delete_note', message: 'tool added' }]);
    });

    it('quotes tool names that are not plain identifiers in paths', () => {
      const changes = diffAfter((s) => void s.tools.push(deleteTool({ name: 'admin.purge' })));
      expect(changes).toEqual([{ kind: 'compatible', subject: 'tool admin.purge', path: 'tools["admin.purge"]', message: 'tool added' }]);
    });

    it('argument changes are classified through the input schema, with the path into it', () => {
      const changes = diffAfter((s) => {
        const schema = s.tools[0].inputSchema as { properties: Record<string, unknown>; required: string[] };
        delete schema.properties.sort;
        schema.required.push('limit');
      });
      expect(changes).toEqual([
        { kind: 'breaking', subject: 'tool search_notes', path: 'tools.search_notes.inputSchema.properties.sort', message: "argument 'sort' removed" },
        { kind: 'breaking', subject: 'tool search_notes', path: 'tools.search_notes.inputSchema.required', message: "argument 'limit' is now required" },
      ]);
    });

    it('output field removed is breaking; output field added is compatible', () => {
      const edit = (s: ContractSnapshot) => {
        delete (s.tools[0].outputSchema as { properties: Record<string, unknown> }).properties.total;
      };
      expect(brief(diffAfter(edit))).toEqual([['breaking', 'tool search_notes', "output field 'total' removed"]]);
      expect(brief(diffBefore(edit))).toEqual([['compatible', 'tool search_notes', "new output field 'total'"]]);
    });

    it('output schema dropped is breaking; declared is compatible', () => {
      const edit = (s: ContractSnapshot) => void delete s.tools[0].outputSchema;
      expect(brief(diffAfter(edit))).toEqual([['breaking', 'tool search_notes', 'output schema removed (structured output no longer promised)']]);
      expect(brief(diffBefore(edit))).toEqual([['compatible', 'tool search_notes', 'output schema added (structured output now promised)']]);
    });

    it('nested output type change is breaking', () => {
      const changes = diffAfter((s) => {
        const notes = (s.tools[0].outputSchema as any).properties.notes;
        notes.items.properties.id.type = 'integer';
      });
      expect(changes).toEqual([
        {
          kind: 'breaking',
          subject: 'tool search_notes',
          path: 'tools.search_notes.outputSchema.properties.notes.items.properties.id.type',
          message: "output field 'notes[].id': type changed from string to integer",
        },
      ]);
    });

    it('description and title changes are cosmetic', () => {
      const changes = diffAfter((s) => {
        s.tools[0].descriptionHash = hashDescription('Find notes that contain the text.');
        s.tools[0].title = 'Find notes';
        s.tools[0].annotations!.title = 'Find';
      });
      expect(brief(changes)).toEqual([
        ['cosmetic', 'tool search_notes', 'title changed from "Search notes" to "Find notes"'],
        ['cosmetic', 'tool search_notes', 'description changed'],
        ['cosmetic', 'tool search_notes', 'annotation title changed from "Search" to "Find"'],
      ]);
    });

    it('description added or removed is cosmetic', () => {
      const edit = (s: ContractSnapshot) => void delete s.tools[1].descriptionHash;
      expect(brief(diffAfter(edit))).toEqual([['cosmetic', 'tool delete_note', 'description removed']]);
      expect(brief(diffBefore(edit))).toEqual([['cosmetic', 'tool delete_note', 'description added']]);
    });
  });

  describe('tool annotations', () => {
    it('read-only tool that is no longer read-only (hint removed) is breaking; the reverse is compatible', () => {
      const edit = (s: ContractSnapshot) => void delete s.tools[0].annotations!.readOnlyHint;
      expect(brief(diffAfter(edit))).toEqual([['breaking', 'tool search_notes', 'read-only tool is no longer read-only and may be destructive']]);
      expect(brief(diffBefore(edit))).toEqual([['compatible', 'tool search_notes', 'tool is now read-only']]);
    });

    it('a hint that widens what a tool may do is a breaking security change, in every format', () => {
      const changes = diffAfter((s) => void delete s.tools[0].annotations!.readOnlyHint);
      expect(changes.map((c) => c.security)).toEqual([true]);
      expect(renderDiff(changes, 'text')).toContain('[security] tool search_notes: read-only tool is no longer read-only');
      expect(renderDiff(changes, 'markdown')).toContain('| **security** tool search\\_notes |');
      expect(JSON.parse(renderDiff(changes, 'json')).changes[0].security).toBe(true);
      // Narrowing is no security change.
      expect(diffBefore((s) => void delete s.tools[0].annotations!.readOnlyHint).map((c) => c.security)).toEqual([undefined]);
    });

    it('readOnlyHint true -> false with destructiveHint false is still breaking', () => {
      const changes = diffAfter((s) => void (s.tools[0].annotations = { ...s.tools[0].annotations, readOnlyHint: false, destructiveHint: false }));
      expect(brief(changes)).toEqual([['breaking', 'tool search_notes', 'read-only tool is no longer read-only']]);
    });

    it('destructiveHint false -> true is breaking; true -> false is compatible', () => {
      const edit = (s: ContractSnapshot) => void (s.tools[1].annotations!.destructiveHint = true);
      expect(diffAfter(edit)).toEqual([
        {
          kind: 'breaking',
          subject: 'tool delete_note',
          path: 'tools.delete_note.annotations.destructiveHint',
          message: 'non-destructive tool became destructive',
          security: true,
        },
      ]);
      expect(brief(diffBefore(edit))).toEqual([['compatible', 'tool delete_note', 'tool is no longer destructive']]);
    });

    it('destructiveHint false -> absent (default true) is breaking', () => {
      const changes = diffAfter((s) => void delete s.tools[1].annotations!.destructiveHint);
      expect(brief(changes)).toEqual([['breaking', 'tool delete_note', 'non-destructive tool became destructive']]);
    });

    it('destructiveHint on a read-only tool means nothing and is not reported', () => {
      expect(diffAfter((s) => void (s.tools[0].annotations!.destructiveHint = true))).toEqual([]);
    });

    it('idempotentHint true -> false is breaking; false -> true compatible', () => {
      const edit = (s: ContractSnapshot) => void (s.tools[1].annotations!.idempotentHint = false);
      expect(brief(diffAfter(edit))).toEqual([['breaking', 'tool delete_note', 'tool is no longer idempotent (hosts may have retried it)']]);
      expect(brief(diffBefore(edit))).toEqual([['compatible', 'tool delete_note', 'tool is now idempotent']]);
    });

    it('openWorldHint false -> absent (default true) is breaking; the reverse compatible', () => {
      const edit = (s: ContractSnapshot) => void delete s.tools[0].annotations!.openWorldHint;
      expect(brief(diffAfter(edit))).toEqual([['breaking', 'tool search_notes', 'closed-world tool now reaches external entities (openWorldHint)']]);
      expect(brief(diffBefore(edit))).toEqual([['compatible', 'tool search_notes', 'tool no longer reaches external entities (openWorldHint)']]);
    });
  });

  describe('resources, templates and prompts', () => {
    it('resource removed is breaking; added is compatible', () => {
      const edit = (s: ContractSnapshot) => void (s.resources = []);
      expect(diffAfter(edit)).toEqual([
        { kind: 'breaking', subject: 'resource notes://index', path: 'resources["notes://index"]', message: 'resource removed' },
      ]);
      expect(brief(diffBefore(edit))).toEqual([['compatible', 'resource notes://index', 'resource added']]);
    });

    it('resource mimeType changed is breaking; renamed is cosmetic', () => {
      const changes = diffAfter((s) => void (s.resources[0] = { uri: 'notes://index', name: 'Index', mimeType: 'text/csv' }));
      expect(brief(changes)).toEqual([
        ['cosmetic', 'resource notes://index', 'name changed from "index" to "Index"'],
        ['breaking', 'resource notes://index', 'mimeType changed from "application/json" to "text/csv"'],
      ]);
    });

    it('resource template removed is breaking; added is compatible', () => {
      const edit = (s: ContractSnapshot) => void (s.resourceTemplates[0].uriTemplate = 'notes://notes/{id}');
      expect(brief(diffAfter(edit))).toEqual([
        ['breaking', 'resource template notes://note/{id}', 'resource template removed'],
        ['compatible', 'resource template notes://notes/{id}', 'resource template added'],
      ]);
    });

    it('prompt removed is breaking; added is compatible', () => {
      const edit = (s: ContractSnapshot) => void (s.prompts = []);
      expect(brief(diffAfter(edit))).toEqual([['breaking', 'prompt summarize', 'prompt removed']]);
      expect(brief(diffBefore(edit))).toEqual([['compatible', 'prompt summarize', 'prompt added']]);
    });

    it('prompt argument removed is breaking; optional argument added is compatible', () => {
      const edit = (s: ContractSnapshot) => void s.prompts[0].arguments.pop();
      expect(diffAfter(edit)).toEqual([
        { kind: 'breaking', subject: 'prompt summarize', path: 'prompts.summarize.arguments.style', message: "argument 'style' removed" },
      ]);
      expect(brief(diffBefore(edit))).toEqual([['compatible', 'prompt summarize', "new optional argument 'style'"]]);
    });

    it('prompt argument made required is breaking; made optional compatible', () => {
      const edit = (s: ContractSnapshot) => void (s.prompts[0].arguments[1].required = true);
      expect(brief(diffAfter(edit))).toEqual([['breaking', 'prompt summarize', "argument 'style' is now required"]]);
      expect(brief(diffBefore(edit))).toEqual([['compatible', 'prompt summarize', "argument 'style' is now optional"]]);
    });

    it('new required prompt argument is breaking', () => {
      const changes = diffAfter((s) => void s.prompts[0].arguments.push({ name: 'language', required: true }));
      expect(brief(changes)).toEqual([['breaking', 'prompt summarize', "new required argument 'language'"]]);
    });
  });

  describe('capabilities', () => {
    it('capability removed is breaking; added is compatible', () => {
      const edit = (s: ContractSnapshot) => void delete s.capabilities.prompts;
      expect(diffAfter(edit)).toEqual([{ kind: 'breaking', subject: 'capabilities', path: 'capabilities.prompts', message: 'capability prompts removed' }]);
      expect(brief(diffBefore(edit))).toEqual([['compatible', 'capabilities', 'capability prompts added']]);
    });

    it('sub-capability turned off is breaking; turned on is compatible', () => {
      const edit = (s: ContractSnapshot) => void (s.capabilities.resources = { subscribe: false });
      expect(diffAfter(edit)).toEqual([
        { kind: 'breaking', subject: 'capabilities', path: 'capabilities.resources.subscribe', message: 'capability resources.subscribe turned off' },
      ]);
      expect(brief(diffBefore(edit))).toEqual([['compatible', 'capabilities', 'capability resources.subscribe turned on']]);
    });

    it('extension removed is breaking', () => {
      const base = notesSnapshot({ capabilities: { tools: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } } });
      const changes = diffAfter((s) => void (s.capabilities.extensions = {}), base);
      expect(brief(changes)).toEqual([['breaking', 'capabilities', 'capability extensions.io.modelcontextprotocol/tasks removed']]);
    });
  });

  describe('protocol', () => {
    it('supported version dropped is breaking; added is compatible', () => {
      const edit = (s: ContractSnapshot) => void (s.supportedVersions = ['2026-07-28']);
      expect(diffAfter(edit)).toEqual([{ kind: 'breaking', subject: 'protocol', path: 'supportedVersions', message: 'protocol version 2025-11-25 dropped' }]);
      expect(brief(diffBefore(edit))).toEqual([['compatible', 'protocol', 'protocol version 2025-11-25 added']]);
    });

    it('legacy server moved to modern-only: era change is breaking, with the dropped version', () => {
      const legacy = notesSnapshot({ era: 'legacy', protocolVersion: '2025-11-25', supportedVersions: undefined });
      const modern = notesSnapshot({ supportedVersions: ['2026-07-28'] });
      expect(brief(diffContracts(legacy, modern))).toEqual([
        ['breaking', 'protocol', 'protocol version 2025-11-25 dropped'],
        ['compatible', 'protocol', 'protocol version 2026-07-28 added'],
        ['breaking', 'protocol', 'era changed from legacy to modern'],
      ]);
    });

    it('legacy server that became dual-era: era change is compatible', () => {
      const legacy = notesSnapshot({ era: 'legacy', protocolVersion: '2025-11-25', supportedVersions: undefined });
      expect(brief(diffContracts(legacy, notesSnapshot()))).toEqual([
        ['compatible', 'protocol', 'protocol version 2026-07-28 added'],
        ['compatible', 'protocol', 'era changed from legacy to modern'],
      ]);
    });

    it('two legacy snapshots: negotiated version going down is breaking, going up compatible', () => {
      const newer = notesSnapshot({ era: 'legacy', protocolVersion: '2025-11-25', supportedVersions: undefined });
      const older = notesSnapshot({ era: 'legacy', protocolVersion: '2025-06-18', supportedVersions: undefined });
      expect(brief(diffContracts(newer, older))).toEqual([['breaking', 'protocol', 'protocol version 2025-11-25 dropped (server now negotiates 2025-06-18)']]);
      expect(brief(diffContracts(older, newer))).toEqual([['compatible', 'protocol', 'server now negotiates protocol version 2025-11-25 (was 2025-06-18)']]);
    });
  });

  describe('error classes', () => {
    it('unknown tool answered differently is breaking (both ways)', () => {
      const edit = (s: ContractSnapshot) => void (s.errorClasses.unknownTool = { kind: 'tool-error' });
      expect(diffAfter(edit)).toEqual([
        {
          kind: 'breaking',
          subject: 'errors',
          path: 'errorClasses.unknownTool',
          message: 'an unknown tool now gives a tool result with isError: true (was JSON-RPC error -32602)',
        },
      ]);
      expect(brief(diffBefore(edit))).toEqual([
        ['breaking', 'errors', 'an unknown tool now gives JSON-RPC error -32602 (was a tool result with isError: true)'],
      ]);
    });

    it('a different error code is breaking', () => {
      const changes = diffAfter((s) => void (s.errorClasses.unknownTool = { kind: 'protocol-error', code: -32601 }));
      expect(brief(changes)).toEqual([['breaking', 'errors', 'an unknown tool now gives JSON-RPC error -32601 (was JSON-RPC error -32602)']]);
    });

    it('invalid arguments that stop raising an error is breaking', () => {
      const changes = diffAfter((s) => void (s.errorClasses.invalidArguments = { kind: 'none' }));
      expect(brief(changes)).toEqual([['breaking', 'errors', 'invalid tool arguments now gives no error (was a tool result with isError: true)']]);
    });

    it('a probe observed on one side only is not a change', () => {
      expect(diffAfter((s) => void delete s.errorClasses.invalidArguments)).toEqual([]);
    });
  });

  it('server name change is cosmetic', () => {
    expect(brief(diffAfter((s) => void (s.serverInfo = { name: 'notes', version: '1.0.0' })))).toEqual([
      ['cosmetic', 'server', 'name changed from "notes-server" to "notes"'],
    ]);
  });
});

describe('suggestBump', () => {
  const change = (kind: ContractChange['kind']): ContractChange => ({ kind, subject: 's', path: 'p', message: 'm' });

  it('is none without changes', () => expect(suggestBump([])).toBe('none'));
  it('is patch for cosmetic changes only', () => expect(suggestBump([change('cosmetic')])).toBe('patch'));
  it('is minor when something compatible changed', () => expect(suggestBump([change('cosmetic'), change('compatible')])).toBe('minor'));
  it('is major when anything is breaking', () => expect(suggestBump([change('compatible'), change('breaking'), change('cosmetic')])).toBe('major'));

  it('follows a realistic upgrade: new tool plus a narrowed argument is major', () => {
    const after = copy(notesSnapshot());
    after.tools.push(searchTool({ name: 'list_tags' }));
    (after.tools[0].inputSchema as any).properties.limit.maximum = 50;
    const changes = diffContracts(notesSnapshot(), after);
    expect(brief(changes)).toEqual([
      ['breaking', 'tool search_notes', "argument 'limit': maximum lowered from 100 to 50"],
      ['compatible', 'tool list_tags', 'tool added'],
    ]);
    expect(suggestBump(changes)).toBe('major');
  });
});
