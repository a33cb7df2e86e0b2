import { describe, expect, it } from 'vitest';
import { ClientGone, whenGone } from '../../src/relay/client-gone.js';
import type { HttpRequestIn } from '../../src/relay/http-upstream.js';

const request = (extra: Partial<HttpRequestIn>): HttpRequestIn => ({
  method: 'POST',
  path: '/',
  headers: {},
  body: '',
  signal: new AbortController().signal,
  ...extra,
});

describe('ClientGone', () => {
  it('tells each listener once, not the unregistered, and aborts a signal made before or after', () => {
    const gone = new ClientGone();
    const early = gone.signal;
    const heard: string[] = [];
    gone.on(() => heard.push('a'));
    const stop = gone.on(() => heard.push('b'));
    stop();
    gone.fire();
    gone.fire();
    expect(heard).toEqual(['a']);
    expect(early.aborted).toBe(true);
    expect(gone.signal.aborted).toBe(true);
    gone.on(() => heard.push('late'));
    expect(heard).toEqual(['a', 'late']);
  });

  it('makes no signal for listeners (whenGone uses onGone when the request has it)', () => {
    const gone = new ClientGone();
    let heard = 0;
    whenGone(request({ onGone: (listener) => gone.on(listener) }), () => heard++);
    gone.fire();
    expect(heard).toBe(1);
    expect((gone as unknown as { controller?: AbortController }).controller).toBeUndefined();
  });

  it('falls back to the signal of a request without onGone', () => {
    const controller = new AbortController();
    let heard = 0;
    const stop = whenGone(request({ signal: controller.signal }), () => heard++);
    controller.abort();
    expect(heard).toBe(1);
    stop();
    const aborted = new AbortController();
    aborted.abort();
    whenGone(request({ signal: aborted.signal }), () => heard++);
    expect(heard).toBe(2);
  });
});
