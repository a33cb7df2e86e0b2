import { describe, expect, it } from 'vitest';
import type { RecordedExchange } from '../../src/relay/cassette-exchanges.js';
import { Matcher, paramsMatch } from '../../src/cassette/match.js';

const meta = (extra: object = {}) => ({ 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, ...extra });
const call = (id: number, name: string, args: object, extraMeta: object = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args, _meta: meta(extraMeta) },
});
const recorded = (requests: Record<string, unknown>[]): RecordedExchange[] => requests.map((request, index) => ({ index, request, replies: [] }));

describe('matching', () => {
  it('ignores ids, protocol _meta keys, progress tokens and trace context; not arguments or other _meta', () => {
    expect(
      paramsMatch(
        'tools/call',
        call(1, 'a', { x: 1 }).params,
        call(9, 'a', { x: 1 }, { progressToken: 5, traceparent: '00-ab', 'io.modelcontextprotocol/clientInfo': { name: 'other' } }).params,
      ),
    ).toBe(true);
    expect(paramsMatch('tools/call', call(1, 'a', { x: 1 }).params, call(1, 'a', { x: 2 }).params)).toBe(false);
    expect(paramsMatch('tools/call', call(1, 'a', { x: 1 }).params, call(1, 'a', { x: 1 }, { 'com.example/tenant': 't1' }).params)).toBe(false);
  });

  it('a redacted recorded value matches whatever the client sends there', () => {
    expect(paramsMatch('tools/call', call(1, 'login', { key: 'k=[REDACTED:token]' }).params, call(2, 'login', { key: 'k=ghp_live' }).params)).toBe(true);
    expect(paramsMatch('tools/call', call(1, 'login', { key: 'k=[REDACTED:token]' }).params, call(2, 'login', { key: 'x=ghp_live' }).params)).toBe(false);
  });

  it('params: answers repeated questions in recorded order, then repeats the last', () => {
    const exchanges = recorded([call(1, 'list', {}), call(2, 'add', {}), call(3, 'list', {})]);
    const matcher = new Matcher(exchanges, 'params');
    const take = () => {
      const result = matcher.take(call(50, 'list', {}));
      return 'exchange' in result ? result.exchange.index : result.missing;
    };
    expect([take(), take(), take()]).toEqual([0, 2, 2]);
    const miss = matcher.take(call(51, 'delete', { id: 'n1' }));
    expect('missing' in miss && miss.missing).toContain(
      'no recording of tools/call "delete" with arguments {"id":"n1"}; the cassette has tools/call only for list, add',
    );
  });

  it('method: arguments are not compared, names are', () => {
    const matcher = new Matcher(recorded([call(1, 'get', { id: 'n1' })]), 'method');
    expect('exchange' in matcher.take(call(2, 'get', { id: 'other' }))).toBe(true);
    expect('missing' in matcher.take(call(3, 'put', { id: 'n1' }))).toBe(true);
  });

  it('sequence and strict: recorded order, strict also compares arguments and never repeats', () => {
    const requests = [call(1, 'a', { v: 1 }), call(2, 'b', {})];
    const sequence = new Matcher(recorded(requests), 'sequence');
    expect('missing' in sequence.take(call(3, 'b', {}))).toBe(true);
    expect('exchange' in sequence.take(call(3, 'a', { v: 99 }))).toBe(true);

    const strict = new Matcher(recorded(requests), 'strict');
    const wrong = strict.take(call(3, 'a', { v: 99 }));
    expect('missing' in wrong && wrong.missing).toContain('request #1 was recorded as tools/call "a" with arguments {"v":1}');
    expect('exchange' in strict.take(call(4, 'a', { v: 1 }))).toBe(true);
    expect('exchange' in strict.take(call(5, 'b', {}))).toBe(true);
    const done = strict.take(call(6, 'b', {}));
    expect('missing' in done && done.missing).toContain('all were answered');
  });

  it('params: exact and redacted recordings of one question still answer in recorded order', () => {
    const exchanges = recorded([
      call(1, 'login', { key: 'k=[REDACTED:token]' }),
      call(2, 'login', { key: 'k=abc' }),
      call(3, 'login', { key: 'k=[REDACTED:token]' }),
    ]);
    const matcher = new Matcher(exchanges, 'params');
    const take = (key: string) => {
      const result = matcher.take(call(50, 'login', { key }));
      return 'exchange' in result ? result.exchange.index : result.missing;
    };
    expect([take('k=abc'), take('k=abc'), take('k=abc'), take('k=abc')]).toEqual([0, 1, 2, 2]);
    expect(take('k=zzz')).toBe(2);
  });

  it('params: key order does not matter, and a request costs about the same with 10 or 10,000 recordings', () => {
    const timeTakes = (size: number) => {
      const matcher = new Matcher(recorded(Array.from({ length: size }, (_, i) => call(i, 'get', { id: i, tag: 't' }))), 'params');
      const started = performance.now();
      for (let n = 9_999; n >= 0; n--) {
        const id = n % size;
        const result = matcher.take({ jsonrpc: '2.0', id: 'x', method: 'tools/call', params: { arguments: { tag: 't', id }, name: 'get', _meta: meta() } });
        if (!('exchange' in result) || result.exchange.index !== id) throw new Error(`call ${id} got ${JSON.stringify(result)}`);
      }
      return performance.now() - started;
    };
    timeTakes(10); // warm-up
    const small = timeTakes(10);
    const large = timeTakes(10_000);
    // Scanning every recording made the large cassette ~1000x slower; an index keeps it flat.
    // The margin is wide (a busy CI machine has made it 10x): it tells a scan from an index, not speed.
    expect(large).toBeLessThan(small * 20 + 500);
  });
});
