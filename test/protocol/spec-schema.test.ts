// --spec-schema: validation against an official schema.json the user supplies.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SpecSchemaError, loadSpecSchema, specTypeFor } from '../../src/protocol/spec-schema.js';
import { EXAMPLES_2026, SCHEMA_2025, SCHEMA_2026, skipNote, specAvailable } from './spec-dir.js';
import { complete, errorResponse, legacyRequest, request, response } from './messages.js';

const S2C = 'server-to-client' as const;
const C2S = 'client-to-server' as const;

describe('specTypeFor', () => {
  it('names request, notification and error types by method and code', () => {
    expect(specTypeFor(request('tools/call', { name: 'x' }), undefined, C2S)).toEqual({ typeName: 'CallToolRequest', part: 'message' });
    expect(specTypeFor({ jsonrpc: '2.0', method: 'notifications/progress', params: {} }, undefined, S2C)?.typeName).toBe('ProgressNotification');
    expect(specTypeFor(errorResponse({ code: -32022, message: 'm' }), undefined, S2C)?.typeName).toBe('UnsupportedProtocolVersionError');
    expect(specTypeFor(errorResponse({ code: -32603, message: 'm' }), undefined, S2C)?.typeName).toBe('JSONRPCErrorResponse');
  });
  it('falls back to the generic JSON-RPC types for unknown methods', () => {
    expect(specTypeFor(request('tasks/update'), undefined, C2S, new Set(['JSONRPCRequest']))?.typeName).toBe('JSONRPCRequest');
    expect(specTypeFor(response({}), 'x/y', S2C)?.typeName).toBe('JSONRPCResultResponse');
  });
  it('prefers the <Result>Response envelope when the file has it, except for MRTR methods', () => {
    const known = new Set(['ListToolsResult', 'ListToolsResultResponse', 'CallToolResult', 'CallToolResultResponse', 'InputRequiredResult']);
    expect(specTypeFor(response({}), 'tools/list', S2C, known)).toEqual({ typeName: 'ListToolsResultResponse', part: 'message' });
    expect(specTypeFor(response({}), 'tools/call', S2C, known)).toEqual({ typeName: 'CallToolResult', part: 'result' });
    expect(specTypeFor(response({ resultType: 'input_required' }), 'tools/call', S2C, known)).toEqual({ typeName: 'InputRequiredResult', part: 'result' });
    expect(specTypeFor(response({}), 'tools/list', S2C, new Set(['ListToolsResult']))).toEqual({ typeName: 'ListToolsResult', part: 'result' });
  });
  it('gives nothing for a non-message', () => {
    expect(specTypeFor('x', undefined, S2C)).toBeUndefined();
  });
});

describe('loadSpecSchema errors', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpvet-spec-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('says which file it cannot read', () => {
    expect(() => loadSpecSchema(join(dir, 'missing.json'))).toThrow(SpecSchemaError);
    expect(() => loadSpecSchema(join(dir, 'missing.json'))).toThrow(/missing\.json/);
  });
  it('rejects JSON that is not an MCP schema', () => {
    const file = join(dir, 'not-mcp.json');
    writeFileSync(file, '{"type":"object"}');
    expect(() => loadSpecSchema(file)).toThrow(/no \$defs/);
  });
});

describe.skipIf(!specAvailable)(`loadSpecSchema with the official files${skipNote}`, () => {
  const modern = specAvailable ? loadSpecSchema(SCHEMA_2026) : undefined!;
  const legacy = specAvailable ? loadSpecSchema(SCHEMA_2025) : undefined!;
  const listResult = response(complete({ tools: [{ name: 'noop', inputSchema: { type: 'object' } }], ttlMs: 0, cacheScope: 'public' }));

  it('lists the $defs', () => {
    expect(modern.typeNames.has('CallToolRequest')).toBe(true);
    expect(legacy.typeNames.has('InitializeRequest')).toBe(true);
    expect(modern.typeNames.has('InitializeRequest')).toBe(false);
  });

  it('validates every official example against its own type', () => {
    const failures = readdirSync(EXAMPLES_2026).flatMap((type) =>
      readdirSync(join(EXAMPLES_2026, type)).flatMap((file) => {
        const issues = modern.validate(type, JSON.parse(readFileSync(join(EXAMPLES_2026, type, file), 'utf8')));
        return issues.length ? [`${type}/${file}: ${JSON.stringify(issues)}`] : [];
      }),
    );
    expect(failures).toEqual([]);
  });

  it('reports where a message breaks the schema', () => {
    const bad = structuredClone(listResult) as { result: Record<string, unknown> };
    bad.result.ttlMs = -5;
    expect(modern.validateMessage(listResult, 'tools/list', S2C)).toEqual([]);
    expect(modern.validateMessage(bad, 'tools/list', S2C)).toEqual([expect.objectContaining({ path: 'result.ttlMs', rule: 'spec-schema' })]);
  });

  it('checks MRTR results by their own type, not the anyOf envelope that lets anything through', () => {
    const noContent = response({ resultType: 'complete' });
    expect(modern.validate('CallToolResultResponse', noContent)).toEqual([]);
    expect(modern.validateMessage(noContent, 'tools/call', S2C)).toEqual([expect.objectContaining({ path: 'result' })]);
  });

  it('checks requests, and legacy messages against the legacy file', () => {
    expect(modern.validateMessage(request('tools/list'), undefined, C2S)).toEqual([]);
    const noMeta = { ...request('tools/list'), params: {} };
    expect(modern.validateMessage(noMeta, undefined, C2S)).toEqual([expect.objectContaining({ path: 'params' })]);
    const init = legacyRequest('initialize', { protocolVersion: '2025-11-25', capabilities: {} });
    expect(legacy.validateMessage(init, undefined, C2S)).toEqual([expect.objectContaining({ path: 'params' })]);
    expect(legacy.validateMessage(response({ tools: [] }), 'tools/list', S2C)).toEqual([]);
  });

  it('reports a type the file does not define', () => {
    expect(modern.validate('InitializeRequest', {})).toEqual([
      expect.objectContaining({ rule: 'spec-schema', message: expect.stringMatching(/no type InitializeRequest/) }),
    ]);
  });
});
