/**
 * The load models. Open (`--rate`): requests are due at a constant rate whatever the server does,
 * and each latency counts from when it was due, so a stalled server cannot hide its queue
 * (coordinated omission corrected). Closed (`--vus`): each virtual user sends its next request
 * when the last one ends. Both stop sending at the deadline and wait at most the request
 * timeout for what is in flight.
 */
import type { LoadStep } from './scenario.js';
import { runFlow, type FlowSink, type Instance } from './flow.js';

export type LoadModel = { kind: 'open'; rate: number } | { kind: 'closed'; vus: number };

export interface EngineOptions {
  model: LoadModel;
  durationMs: number;
  rampMs: number;
  /** Instances for one virtual user (closed) or one arrival slot (open); replicas rotate in each list. */
  instancesFor(slot: number): Instance[];
  /** Slots in the open model: arrivals take them round-robin. */
  slots: number;
  pick(): LoadStep;
  sink: FlowSink;
  /** Open model: at most this many flows in flight; arrivals beyond it are counted as `overload`. */
  maxInFlight: number;
  /** Stops sending early (a library caller's cancel); the CLI's Ctrl-C ends the process instead. */
  signal?: AbortSignal;
}

const TICK_MS = 5;

export async function runLoad(options: EngineOptions): Promise<void> {
  return options.model.kind === 'open' ? runOpen(options, options.model.rate) : runClosed(options, options.model.vus);
}

/**
 * How many arrivals are due by `elapsed` ms (arrival 0 is due at once): the integral of a rate
 * ramping linearly to `rate` over `rampMs`, plus the first. The inverse of dueTime.
 */
export function arrivalsDue(elapsed: number, rate: number, rampMs: number): number {
  const perMs = rate / 1000;
  if (rampMs <= 0 || elapsed >= rampMs) return Math.floor(perMs * (elapsed - rampMs / 2) + 1e-9) + 1;
  return Math.floor((perMs * elapsed * elapsed) / (2 * rampMs) + 1e-9) + 1;
}

async function runOpen(options: EngineOptions, rate: number): Promise<void> {
  const start = performance.now();
  const inFlight = new Set<Promise<void>>();
  let started = 0;
  let slot = 0;
  while (!options.signal?.aborted) {
    const elapsed = performance.now() - start;
    if (elapsed >= options.durationMs) break;
    const due = arrivalsDue(elapsed, rate, options.rampMs);
    for (; started < due; started++) {
      const dueAt = start + dueTime(started, rate, options.rampMs);
      if (inFlight.size >= options.maxInFlight) {
        options.sink.record(options.pick().key, dueAt, 'overload');
        continue;
      }
      const flow = runFlow(options.pick(), options.instancesFor(slot++ % options.slots), options.sink, dueAt).finally(() => inFlight.delete(flow));
      inFlight.add(flow);
    }
    await sleep(TICK_MS);
  }
  await Promise.all(inFlight);
}

/** When arrival `n` was due, in ms from the start (the inverse of arrivalsDue). */
export function dueTime(n: number, rate: number, rampMs: number): number {
  const perMs = rate / 1000;
  const rampArrivals = (perMs * rampMs) / 2;
  if (rampMs > 0 && n < rampArrivals) return Math.sqrt((2 * rampMs * n) / perMs);
  return n / perMs + rampMs / 2;
}

async function runClosed(options: EngineOptions, vus: number): Promise<void> {
  const start = performance.now();
  const deadline = start + options.durationMs;
  const user = async (index: number): Promise<void> => {
    // Virtual users join evenly over the ramp.
    const joinAt = start + (options.rampMs * index) / vus;
    if (joinAt > performance.now()) await sleep(joinAt - performance.now());
    const instances = options.instancesFor(index);
    while (!options.signal?.aborted && performance.now() < deadline) {
      await runFlow(options.pick(), instances, options.sink, performance.now());
    }
  };
  await Promise.all(Array.from({ length: vus }, (_, index) => user(index)));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
