/**
 * Head-of-line test by timing, for servers without an open-ended request: time each cheap
 * request alone, then send the slowest and right after it the fastest. If the fast one is
 * answered only after the slow one, it waited in line. When no request is clearly slower than
 * another, nothing can be told and the probe says so.
 */
import type { McpClient } from '../../../client/types.js';
import type { Evidence } from '../../types.js';
import { probesFor } from '../protocol/capability-probes.js';
import { describeAnswer, eraMessage, evidenceOf, exchange, probeId } from '../protocol/probe.js';

/** The slow request must take this much longer than the fast one for the order to mean anything. */
const MIN_GAP_MS = 150;
const SAMPLES = 2;

export type TimingVerdict =
  | { kind: 'inconclusive'; detail: string }
  | { kind: 'served'; message: string; evidence: Evidence[] }
  | { kind: 'blocked'; message: string; evidence: Evidence[] };

/**
 * On a loaded machine a request can look slow by chance, and then a server that serves requests
 * concurrently answers the pair in order. So the pair is tried up to ATTEMPTS times, timed alone
 * again each time: one answer out of order proves concurrency (a server that serves one request at
 * a time never answers the second first), and only a pair in order every time is a verdict; a
 * try whose slow request was not slow in the pair decides nothing.
 */
const ATTEMPTS = 3;

export async function probeByTiming(client: McpClient, timeoutMs: number): Promise<TimingVerdict> {
  let verdict: TimingVerdict = { kind: 'inconclusive', detail: 'not tried' };
  let undecided: TimingVerdict | undefined;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    verdict = await timePair(client, timeoutMs);
    if (verdict.kind === 'served') return verdict;
    if (verdict.kind === 'inconclusive') undecided = verdict;
  }
  if (undecided) return undecided;
  return verdict.kind === 'blocked' ? { ...verdict, message: `${verdict.message} (the same in ${ATTEMPTS} tries)` } : verdict;
}

async function timePair(client: McpClient, timeoutMs: number): Promise<TimingVerdict> {
  const methods = [
    client.era === 'modern' ? 'server/discover' : 'ping',
    ...probesFor(client.era)
      .filter((probe) => probe.listField && probe.capability in client.serverCapabilities)
      .map((probe) => probe.method),
  ];
  const timings: { method: string; ms: number }[] = [];
  for (const method of methods) {
    let best = Infinity;
    for (let sample = 0; sample < SAMPLES; sample++) {
      const started = performance.now();
      const answer = await exchange(client, eraMessage(client, probeId('hol-time'), method), { timeoutMs });
      if (!answer.response) break;
      best = Math.min(best, performance.now() - started);
    }
    if (Number.isFinite(best)) timings.push({ method, ms: Math.round(best) });
  }
  timings.sort((a, b) => a.ms - b.ms);
  const fast = timings[0];
  const slow = timings[timings.length - 1];
  const table = timings.map((timing) => `${timing.method} ${timing.ms} ms`).join(', ');
  if (!fast || !slow || slow.ms - fast.ms < MIN_GAP_MS)
    return { kind: 'inconclusive', detail: `no request is slow enough to tell (${table || 'none answered'})` };

  const started = performance.now();
  const done = (method: string) =>
    exchange(client, eraMessage(client, probeId('hol-pair'), method), { timeoutMs }).then((answer) => ({ answer, at: performance.now() - started }));
  const [first, second] = await Promise.all([done(slow.method), done(fast.method)]);
  const evidence = [evidenceOf(first.answer), evidenceOf(second.answer)];
  if (!second.answer.response)
    return { kind: 'blocked', message: `${fast.method}, sent right after ${slow.method}, got ${describeAnswer(second.answer)}`, evidence };
  if (second.at < first.at) {
    return {
      kind: 'served',
      message: `${fast.method} (sent second) was answered after ${Math.round(second.at)} ms, before ${slow.method} (sent first, ${Math.round(first.at)} ms)`,
      evidence,
    };
  }
  // The slow request was not slow this time (its time alone was a fluke of load): the order says nothing.
  if (first.at < fast.ms + MIN_GAP_MS)
    return { kind: 'inconclusive', detail: `${slow.method} took ${slow.ms} ms alone but ${Math.round(first.at)} ms in the pair: too close to tell` };
  return {
    kind: 'blocked',
    message: `${fast.method} takes ${fast.ms} ms alone, but sent right after ${slow.method} (${slow.ms} ms alone) it was answered only after it, at ${Math.round(second.at)} ms: it waited in line`,
    evidence,
  };
}
