/**
 * SSE framing of the HTTP transport. Legacy session streams (2025-11-25 "Resumability") carry an
 * event id on every event, unique across all the session's streams (a random key per stream and
 * a counter), and, for 2025-11-25 sessions, open with a priming event: an id and empty data, so a
 * client can reconnect with Last-Event-ID. Older clients cannot handle empty data (the TS SDK
 * primes only from 2025-11-25 on), and 2026-07-28 streams are not resumable: no ids there.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Json } from './protocol.js';
import type { LegacySession } from './types.js';

const PRIMING_FROM_VERSION = '2025-11-25';
const streams = new WeakMap<ServerResponse, { key: string; count: number }>();

/** Call once the stream's headers are out. */
export function startEvents(res: ServerResponse, session: LegacySession | undefined): void {
  if (!session) return;
  const stream = { key: randomUUID(), count: 0 };
  streams.set(res, stream);
  if ((session.protocolVersion ?? '') >= PRIMING_FROM_VERSION) res.write(`id: ${stream.key}-${stream.count++}\ndata: \n\n`);
}

export function eventText(res: ServerResponse, message: Json): string {
  const stream = streams.get(res);
  const id = stream ? `id: ${stream.key}-${stream.count++}\n` : '';
  return `${id}event: message\ndata: ${JSON.stringify(message)}\n\n`;
}
