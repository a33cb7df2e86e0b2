/** Faults on a line upstream (stdio): the stdio proxy and stdio replay. */
import { isNotification, isObject, isRequest, isResponse, type JsonObject } from '../protocol/jsonrpc.js';
import { LineWrapper, type LineUpstream } from '../relay/lines.js';
import { describeInjection, half, injectedError, injectedToolError, malformedText, NOISE_LINE } from './effects.js';
import type { FaultPlan } from './plan.js';
import type { FaultRule } from './rules.js';
import { parseJson } from '../wire/json-depth.js';

/** Exit code of the stdio front after a `disconnect` fault: the server "crashed". */
export const DISCONNECT_EXIT_CODE = 1;

export type FaultLogger = (line: string) => void;

export class FaultyLines extends LineWrapper {
  /** Faults that act on the response when it comes (delay, truncate), by request id. */
  private readonly onResponse = new Map<string, FaultRule>();

  constructor(
    inner: LineUpstream,
    private readonly plan: FaultPlan,
    private readonly log: FaultLogger = () => {},
  ) {
    super(inner);
  }

  override write(line: string): void {
    const message = parse(line);
    if (message && isNotification(message) && this.plan.drops(message)) return this.log(describeInjection('drop', message));
    const rule = message && isRequest(message) ? this.plan.forRequest(message) : undefined;
    if (!message || !rule) return super.write(line);
    this.log(describeInjection(rule.action.kind, message));
    const { action } = rule;
    switch (action.kind) {
      case 'timeout':
        return; // the request vanishes: nobody will ever answer it
      case 'disconnect':
        this.emitClose(DISCONNECT_EXIT_CODE);
        return;
      case 'malformed':
        return this.later(malformedText(message));
      case 'error':
        return this.later(JSON.stringify(injectedError(message, action.code)));
      case 'is-error':
        if (message.method !== 'tools/call') return super.write(line);
        return this.later(JSON.stringify(injectedToolError(message)));
      case 'stdout-noise':
        this.later(NOISE_LINE);
        return super.write(line);
      case 'delay':
      case 'truncate':
        this.onResponse.set(JSON.stringify(message.id), rule);
        return super.write(line);
      default:
        return super.write(line);
    }
  }

  protected override fromServer(line: string): void {
    const message = parse(line);
    if (message && isNotification(message) && this.plan.drops(message)) return this.log(describeInjection('drop', message));
    const key = message && isResponse(message) ? JSON.stringify(message.id) : undefined;
    const rule = key !== undefined ? this.onResponse.get(key) : undefined;
    if (!rule || key === undefined) return this.emitLine(line);
    this.onResponse.delete(key);
    if (rule.action.kind === 'delay') {
      setTimeout(() => this.emitLine(line), rule.action.ms);
      return;
    }
    this.emitLine(half(line));
  }

  private later(line: string): void {
    setImmediate(() => this.emitLine(line));
  }
}

function parse(line: string): JsonObject | undefined {
  try {
    const value: unknown = parseJson(line);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
