/**
 * Several streams of one legacy session at once (2025-11-25 "Multiple Connections"): the GET
 * stream, and a POST the server answers with a stream (a request asking for progress) opened
 * while the GET stream is open. Shared by the one-stream-per-message and event-id checks.
 */
import type { McpClient } from '../../../client/types.js';
import type { StreamProbeResult } from '../../../wire/http-stream-probe.js';
import type { CheckContext, Evidence } from '../../types.js';
import { openGetStream } from './legacy-get-stream.js';
import { findStreamingAnswer, isSse, type StreamingAnswer } from './stream-request.js';

export interface SessionStreams {
  client: McpClient;
  get: StreamProbeResult;
  post?: StreamingAnswer;
  /** What was POSTed, when no answer came as a stream. */
  tried: string[];
  callable: number;
  evidence: Evidence[];
}

/** Undefined when the server offers no GET stream (then the reason). */
export async function openSessionStreams(ctx: CheckContext): Promise<SessionStreams | { skip: string }> {
  let post: Awaited<ReturnType<typeof findStreamingAnswer>> | undefined;
  const { client, outcome } = await openGetStream(ctx, async (session) => {
    post = await findStreamingAnswer(ctx, session);
  });
  if ('failure' in outcome) return { skip: `GET on the endpoint got no answer (${outcome.failure})` };
  if (outcome.status >= 300 || !isSse(outcome))
    return { skip: `GET on the endpoint got HTTP ${outcome.status}: the server offers no GET stream, so a session has one stream per request` };
  const evidence = [ctx.evidence(outcome.frames, client)];
  if (post?.found) evidence.push(ctx.evidence(post.found.outcome.frames, client));
  return { client, get: outcome, post: post?.found, tried: post?.tried ?? [], callable: post?.callable ?? 0, evidence };
}
