import { describe, expect, it } from 'vitest';
import { FaultPlan } from '../../src/fault/plan.js';
import { parseFaultRule, parseFaultRules } from '../../src/fault/rules.js';

const call = (id: number, name: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name } });

describe('fault rules', () => {
  it('parses kinds with values and selectors', () => {
    expect(parseFaultRule('delay=250@tool:get_note#2')).toMatchObject({
      action: { kind: 'delay', ms: 250 },
      selector: { method: 'tools/call', name: 'get_note', nth: 2 },
    });
    expect(parseFaultRule('error=-32603@tools/call,p=0.25')).toMatchObject({
      action: { kind: 'error', code: -32603 },
      selector: { method: 'tools/call', probability: 0.25 },
    });
    expect(parseFaultRule('http=503')).toMatchObject({ action: { kind: 'http', status: 503 }, selector: {} });
    expect(parseFaultRule('timeout@resource:notes://notes/n1')).toMatchObject({ selector: { method: 'resources/read', name: 'notes://notes/n1' } });
    expect(parseFaultRule('drop@notifications/progress').selector.method).toBe('notifications/progress');
  });

  it('refuses what does not make sense, saying why', () => {
    expect(() => parseFaultRule('delay@tools/call')).toThrow('delay needs a value: delay=MS');
    expect(() => parseFaultRule('delay=soon')).toThrow('MS must be a whole number');
    expect(() => parseFaultRule('timeout=5')).toThrow('timeout takes no value');
    expect(() => parseFaultRule('http=99')).toThrow('from 100 to 599');
    expect(() => parseFaultRule('timeout@')).toThrow('nothing after @');
    expect(() => parseFaultRule('timeout@p=2')).toThrow('a probability is a number from 0 to 1');
    expect(() => parseFaultRule('timeout@tools/call#0')).toThrow('#N counts from 1');
    expect(() => parseFaultRule('timeout@tool:a,prompt:b')).toThrow('two methods');
    expect(() => parseFaultRule('drop@tools/call')).toThrow('drop loses notifications');
    expect(() => parseFaultRule('timeout@notifications/progress')).toThrow('only drop applies');
    expect(() => parseFaultRule('timeout@what ever')).toThrow('is not a selector');
  });
});

describe('fault plan', () => {
  it('#N fires on the N-th match of its own selector only', () => {
    const plan = new FaultPlan(parseFaultRules(['error=1@tool:a#2']));
    const fired = [call(1, 'a'), call(2, 'b'), call(3, 'a'), call(4, 'a')].map((message) => plan.forRequest(message) !== undefined);
    expect(fired).toEqual([false, false, true, false]);
  });

  it('the first rule that fires wins, and drop rules only see notifications', () => {
    const plan = new FaultPlan(parseFaultRules(['drop', 'timeout@tool:a', 'error=1@tools/call']));
    expect(plan.forRequest(call(1, 'a'))?.action.kind).toBe('timeout');
    expect(plan.forRequest(call(2, 'b'))?.action.kind).toBe('error');
    expect(plan.drops({ jsonrpc: '2.0', method: 'notifications/progress' })).toBe(true);
  });

  it('p= draws from the seed: same seed, same choices', () => {
    const choices = (seed: number) => {
      const plan = new FaultPlan(parseFaultRules(['timeout@p=0.5']), seed);
      return Array.from({ length: 32 }, (_, i) => (plan.forRequest(call(i, 'a')) ? 1 : 0)).join('');
    };
    expect(choices(42)).toBe(choices(42));
    expect(choices(42)).not.toBe(choices(43));
    expect(choices(42)).toMatch(/^(?=.*1)(?=.*0)/);
  });
});
