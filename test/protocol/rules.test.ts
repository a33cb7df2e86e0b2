// The rules schema.json does not express (DIGEST §1, §7, §8, §11), and the validator's
// own behaviour: directions, revisions, envelopes. No spec files needed.
import { describe, expect, it } from 'vitest';
import { validateMessage, validateResult, type ValidationIssue } from '../../src/protocol/validate.js';
import { LEGACY, MODERN, complete, errorResponse, legacyRequest, notification, request, response } from './messages.js';

const rules = (issues: ValidationIssue[]) => issues.map((i) => i.rule);
const task = {
  resultType: 'task',
  taskId: 'c1f0',
  status: 'working',
  createdAt: '2026-08-01T00:00:00Z',
  lastUpdatedAt: '2026-08-01T00:00:00Z',
  ttlMs: null,
  pollIntervalMs: 1000,
};
const callResult = complete({ content: [{ type: 'text', text: 'ok' }] });

describe('resultType values', () => {
  it('accepts "complete"', () => {
    expect(validateResult('tools/call', callResult, MODERN)).toEqual([]);
  });
  it('rejects an unknown value', () => {
    const issues = validateResult('tools/call', { ...callResult, resultType: 'partial' }, MODERN);
    expect(issues).toEqual([expect.objectContaining({ rule: 'resultType', path: 'resultType' })]);
  });
  it('rejects a missing resultType in the modern era only', () => {
    const { resultType: _, ...bare } = callResult;
    expect(validateResult('tools/call', bare, MODERN)).toEqual([expect.objectContaining({ path: 'resultType', rule: 'schema' })]);
    expect(validateResult('tools/call', bare, LEGACY)).toEqual([]);
  });
  it('accepts "task" on tools/call when the tasks extension was negotiated', () => {
    expect(validateResult('tools/call', task, MODERN, { tasks: true })).toEqual([]);
  });
  it('rejects "task" when the tasks extension was not negotiated', () => {
    expect(rules(validateResult('tools/call', task, MODERN))).toEqual(['resultType']);
  });
  it('rejects "task" on a method other than tools/call', () => {
    expect(rules(validateResult('prompts/get', task, MODERN, { tasks: true }))).toEqual(['resultType']);
  });
  it('checks the shape of a task result', () => {
    const { taskId: _, ...noId } = task;
    expect(validateResult('tools/call', noId, MODERN, { tasks: true })).toEqual([expect.objectContaining({ path: 'taskId', rule: 'schema' })]);
  });
  it('takes the tasks option through validateMessage too', () => {
    const opts = { revision: MODERN, direction: 'server-to-client' as const, method: 'tools/call' };
    expect(validateMessage(response(task), { ...opts, tasks: true })).toEqual([]);
    expect(rules(validateMessage(response(task), opts))).toEqual(['resultType']);
  });
});

describe('input_required', () => {
  const interim = { resultType: 'input_required', requestState: 'abc' };
  it.each(['tools/call', 'resources/read', 'prompts/get'])('is allowed on %s', (method) => {
    expect(validateResult(method, interim, MODERN)).toEqual([]);
  });
  it.each(['tools/list', 'server/discover', 'completion/complete', 'subscriptions/listen'])('is not allowed on %s', (method) => {
    expect(rules(validateResult(method, interim, MODERN))).toEqual(['input-required-method']);
  });
  it('needs inputRequests or requestState', () => {
    expect(rules(validateResult('tools/call', { resultType: 'input_required' }, MODERN))).toEqual(['input-required-shape']);
  });
  it('accepts inputRequests alone', () => {
    const result = { resultType: 'input_required', inputRequests: { roots: { method: 'roots/list' } } };
    expect(validateResult('tools/call', result, MODERN)).toEqual([]);
  });
  it('checks input requests against their method', () => {
    const result = { resultType: 'input_required', inputRequests: { s: { method: 'sampling/createMessage', params: { messages: [] } } } };
    expect(validateResult('tools/call', result, MODERN)).toEqual([expect.objectContaining({ path: 'inputRequests.s.params.maxTokens' })]);
  });
});

describe('directions', () => {
  const elicit = legacyRequest('elicitation/create', { message: 'Name?', requestedSchema: { type: 'object', properties: {} } }, 4);
  it('lets a legacy server send requests', () => {
    expect(validateMessage(elicit, { revision: LEGACY, direction: 'server-to-client' })).toEqual([]);
  });
  it('forbids a 2026 server from sending any request', () => {
    expect(rules(validateMessage(elicit, { revision: MODERN, direction: 'server-to-client' }))).toEqual(['direction']);
  });
  it('lets a legacy client answer a server request', () => {
    const answer = response({ action: 'decline' }, 4);
    expect(validateMessage(answer, { revision: LEGACY, direction: 'client-to-server', method: 'elicitation/create' })).toEqual([]);
  });
  it('forbids a 2026 client from sending responses', () => {
    const answer = response({ action: 'decline' }, 4);
    expect(rules(validateMessage(answer, { revision: MODERN, direction: 'client-to-server' }))).toContain('direction');
  });
  it('flags a notification sent by the wrong side', () => {
    const progress = notification('notifications/progress', { progressToken: 1, progress: 1 });
    expect(validateMessage(progress, { revision: MODERN, direction: 'server-to-client' })).toEqual([]);
    expect(rules(validateMessage(progress, { revision: MODERN, direction: 'client-to-server' }))).toEqual(['direction']);
  });
  it('flags a request sent by the wrong side', () => {
    expect(rules(validateMessage(legacyRequest('tools/list'), { revision: LEGACY, direction: 'server-to-client' }))).toEqual(['direction']);
  });
});

describe('envelopes and revisions', () => {
  const opts = { revision: MODERN, direction: 'server-to-client' as const };
  it('reports an unknown revision instead of guessing', () => {
    expect(rules(validateMessage(request('tools/list'), { revision: 'v-next', direction: 'client-to-server' }))).toEqual(['revision']);
    expect(validateMessage(request('tools/list'), { revision: '2027-01-01', direction: 'client-to-server' })).toEqual([]);
  });
  it('rejects what is not an object', () => {
    expect(rules(validateMessage([1], opts))).toEqual(['schema']);
  });
  it('rejects a message that is neither request, notification nor response', () => {
    expect(validateMessage({ jsonrpc: '2.0', id: 1 }, opts)).toEqual([expect.objectContaining({ path: '', rule: 'schema' })]);
  });
  it('rejects a response with both result and error', () => {
    const both = { ...response(callResult), error: { code: -32603, message: 'x' } };
    expect(rules(validateMessage(both, { ...opts, method: 'tools/call' }))).toEqual(['jsonrpc']);
  });
  it('accepts id null only on errors for an unreadable request (JSON-RPC 2.0), else rejects it', () => {
    expect(validateMessage({ ...errorResponse({ code: -32700, message: 'Parse error' }), id: null }, opts)).toEqual([]);
    expect(validateMessage({ ...errorResponse({ code: -32600, message: 'Invalid request' }), id: null }, opts)).toEqual([]);
    expect(validateMessage({ ...errorResponse({ code: -32601, message: 'Method not found' }), id: null }, opts)).toEqual([
      expect.objectContaining({ path: 'id' }),
    ]);
    const { id: _, ...noId } = errorResponse({ code: -32700, message: 'Parse error' });
    expect(validateMessage(noId, opts)).toEqual([]);
  });
  it('checks the envelope only for a method it does not know (extensions)', () => {
    const ext = request('tasks/get', { taskId: 't' });
    expect(validateMessage(ext, { revision: MODERN, direction: 'client-to-server' })).toEqual([]);
    expect(rules(validateMessage({ ...ext, params: [1] }, { revision: MODERN, direction: 'client-to-server' }))).toEqual(['schema']);
  });
  it('accepts unknown extra keys everywhere', () => {
    const extra = response({
      ...complete({ tools: [{ name: 't', inputSchema: { type: 'object' }, 'x-vendor': 1 }], ttlMs: 0, cacheScope: 'public' }),
      extra: true,
    });
    expect(validateMessage({ ...extra, vendor: 'x' }, { ...opts, method: 'tools/list' })).toEqual([]);
  });
  it('checks a response by its method when the method is known', () => {
    const listResult = response(complete({ tools: [], ttlMs: 0, cacheScope: 'public' }));
    expect(validateMessage(listResult, { ...opts, method: 'tools/list' })).toEqual([]);
    expect(validateMessage(listResult, { ...opts, method: 'tools/call' })).toEqual([expect.objectContaining({ path: 'result.content' })]);
  });
});
