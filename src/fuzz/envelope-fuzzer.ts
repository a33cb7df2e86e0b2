/**
 * Envelope fuzzing: malformed JSON-RPC messages (envelope-cases.ts) sent on the raw channel, each
 * followed by a normal tools/list. The server may answer the bad message with an error or ignore
 * it; it must not die or hang, must stay usable, and should not answer it with a result.
 */
import { MCPVET_CLIENT_INFO } from '../client/base-client.js';
import type { JsonObject } from '../client/types.js';
import { withModernMeta } from '../protocol/meta.js';
import { answerableId, describeEnvelope, isMalformed, envelopeArbitrary, envelopeText, type EnvelopeCase } from './envelope-cases.js';
import type { Violation } from './judge.js';
import { searchFailures, type SearchOptions } from './search.js';
import type { FuzzSession } from './session.js';

/** How long the bad message's own answer is awaited: silence is allowed, so this is short. */
const ANSWER_WAIT_MS = 500;
/** How long an answer that cannot be matched (the id was broken) is let arrive before the next request. */
const STRAY_ANSWER_MS = 100;

export interface EnvelopeFuzzOptions extends SearchOptions {
  session: FuzzSession;
  timeoutMs: number;
}

export interface EnvelopeFailure {
  violation: Violation;
  envelope: EnvelopeCase;
  shrinks: number;
  reproduced: boolean;
}

export interface EnvelopeOutcome {
  /** Malformed messages sent. */
  messages: number;
  failures: EnvelopeFailure[];
  interrupted: boolean;
}

export class EnvelopeSender {
  messages = 0;
  private sequence = 0;

  constructor(private readonly options: Omit<EnvelopeFuzzOptions, keyof SearchOptions>) {}

  /** The params a tools/list of the connection's era carries (the modern `_meta` envelope). */
  async params(): Promise<JsonObject> {
    const client = await this.options.session.open();
    if (client.era !== 'modern') return {};
    return withModernMeta({}, { protocolVersion: client.protocolVersion, clientCapabilities: {}, clientInfo: MCPVET_CLIENT_INFO });
  }

  async judge(envelope: EnvelopeCase): Promise<Violation | undefined> {
    const { session, timeoutMs } = this.options;
    const what = describeEnvelope(envelope);
    let params: JsonObject;
    try {
      params = await this.params();
    } catch {
      // Not reached again: nothing was sent, nothing to judge (the run notes unreachable requests).
      this.options.session.unreachable++;
      return undefined;
    }
    const id = `mcpvet-fuzz-envelope-${++this.sequence}`;
    this.messages++;
    const sent = await session.raw(envelopeText(envelope, id, params), { timeoutMs: Math.min(timeoutMs, ANSWER_WAIT_MS) });
    if ('failure' in sent && sent.failure)
      return { property: 'envelope-survives', message: `the server stopped after a message with ${what}: ${sent.failure.message}` };
    if ('outcome' in sent && sent.outcome?.result && isMalformed(envelope) && answerableId(envelope, id) !== undefined)
      return { property: 'envelope-rejected', message: `a message with ${what} got a result, not an error` };
    // An answer to a broken id cannot be awaited: give it a moment to arrive, so it is not taken for the next answer.
    if (answerableId(envelope, id) === undefined) await new Promise((resolve) => setTimeout(resolve, STRAY_ANSWER_MS));
    const after = await session.send((client) => client.request('tools/list', {}));
    if (after.failure && !after.unreachable)
      return { property: 'envelope-survives', message: `after a message with ${what}, a normal tools/list failed: ${after.failure.message}` };
    if (after.outcome?.error)
      return { property: 'envelope-survives', message: `after a message with ${what}, a normal tools/list got error ${after.outcome.error.code}` };
    return undefined;
  }
}

export async function fuzzEnvelope(options: EnvelopeFuzzOptions): Promise<EnvelopeOutcome> {
  const sender = new EnvelopeSender(options);
  const search = await searchFailures(envelopeArbitrary(), (envelope) => sender.judge(envelope), options);
  const failures: EnvelopeFailure[] = [];
  for (const { violation, value, shrinks } of search.found) {
    await options.session.drop();
    const again = await sender.judge(value);
    failures.push({ violation, envelope: value, shrinks, reproduced: again?.property === violation.property });
  }
  return { messages: sender.messages, failures, interrupted: search.interrupted };
}
