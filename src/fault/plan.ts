/**
 * Decides, message by message, which fault (if any) applies. Every rule counts the messages its
 * method and name match (for #N), and draws from one seeded generator in a fixed order, so the
 * same messages with the same --seed get the same faults.
 */
import { nameOfRequest } from '../protocol/headers.js';
import { isObject, type JsonObject } from '../protocol/jsonrpc.js';
import type { FaultRule } from './rules.js';

export class FaultPlan {
  private readonly counts: number[];
  private readonly random: () => number;

  constructor(
    readonly rules: readonly FaultRule[],
    readonly seed: number = randomSeed(),
  ) {
    this.counts = rules.map(() => 0);
    this.random = mulberry32(seed);
  }

  get usesChance(): boolean {
    return this.rules.some((rule) => rule.selector.probability !== undefined);
  }

  /** The fault for a request the client sent, or undefined. */
  forRequest(request: JsonObject): FaultRule | undefined {
    return this.decide(request, (rule) => rule.action.kind !== 'drop');
  }

  /** True when this notification (either direction) is to be lost. */
  drops(notification: JsonObject): boolean {
    return this.decide(notification, (rule) => rule.action.kind === 'drop') !== undefined;
  }

  /** Evaluates every applicable rule (so counters and draws never depend on which fired) and returns the first that fired. */
  private decide(message: JsonObject, applies: (rule: FaultRule) => boolean): FaultRule | undefined {
    const method = String(message.method);
    const name = nameOfRequest(method, isObject(message.params) ? message.params : undefined);
    let fired: FaultRule | undefined;
    this.rules.forEach((rule, index) => {
      if (!applies(rule)) return;
      const { selector } = rule;
      if (selector.method !== undefined && selector.method !== method) return;
      if (selector.name !== undefined && selector.name !== name) return;
      const count = ++this.counts[index]!;
      if (selector.nth !== undefined && selector.nth !== count) return;
      if (selector.probability !== undefined && !(this.random() < selector.probability)) return;
      fired ??= rule;
    });
    return fired;
  }
}

export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}

/** A small, well-known 32-bit generator: the same seed gives the same sequence on every platform. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
