/**
 * Head-of-line test with a request that never finishes by itself: a modern
 * `subscriptions/listen` stays open until cancelled, so a server that handles one request at a
 * time can answer nothing after it. The listen asks for the list changes the server declares
 * (or nothing), and is cancelled at the end.
 */
import type { JsonObject, McpClient } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { META } from '../../../protocol/meta.js';
import type { Evidence } from '../../types.js';
import { describeAnswer, eraMessage, evidenceOf, exchange, probeId, type Answer } from '../protocol/probe.js';

/** How long the listen gets to be acknowledged (or refused) before the second request goes out. */
const ACK_WAIT_MS = 1000;

export type ListenVerdict =
  | { kind: 'unsupported'; detail: string }
  | { kind: 'served'; message: string; evidence: Evidence[] }
  | { kind: 'blocked'; message: string; evidence: Evidence[] };

export async function probeWhileListening(client: McpClient, waitMs: number): Promise<ListenVerdict> {
  const listenId = probeId('hol-listen');
  const listen = eraMessage(client, listenId, 'subscriptions/listen', { notifications: filterFor(client.serverCapabilities) });
  let listenAnswer: Answer | undefined;
  let acknowledged = false;
  const stopWatching = client.trace.subscribe((frame) => {
    const message = frame.direction === 'receive' && isObject(frame.message) ? frame.message : undefined;
    if (message?.method !== 'notifications/subscriptions/acknowledged' || !isObject(message.params)) return;
    const meta = isObject(message.params._meta) ? message.params._meta : {};
    if (meta[META.subscriptionId] === listenId) acknowledged = true;
  });
  // Settles only if the server ends or refuses the listen; the check never waits on it.
  const listening = exchange(client, listen, { timeoutMs: waitMs + ACK_WAIT_MS + 1000 }).then((answer) => (listenAnswer = answer));
  try {
    await Promise.race([listening, until(() => acknowledged, ACK_WAIT_MS)]);
    if (listenAnswer?.response) return { kind: 'unsupported', detail: `subscriptions/listen was answered at once with ${describeAnswer(listenAnswer)}` };
    const started = performance.now();
    const follow = await exchange(client, eraMessage(client, probeId('hol-discover'), 'server/discover'), { timeoutMs: waitMs });
    const ms = Math.round(performance.now() - started);
    const state = acknowledged ? 'acknowledged and still open' : 'still open (not acknowledged)';
    const evidence = [evidenceOf(follow)];
    if (follow.response)
      return { kind: 'served', message: `server/discover was answered in ${ms} ms while a subscriptions/listen sent before it was ${state}`, evidence };
    if (listenAnswer?.response) return { kind: 'unsupported', detail: `subscriptions/listen got ${describeAnswer(listenAnswer)}` };
    return {
      kind: 'blocked',
      message: `server/discover got ${describeAnswer(follow)} while a subscriptions/listen sent before it was ${state}: the server handles one request at a time, so nothing is answered while a listen is open`,
      evidence,
    };
  } finally {
    stopWatching();
    await client
      .raw(eraMessage(client, undefined, 'notifications/cancelled', { requestId: listenId, reason: 'mcpvet head-of-line probe done' }))
      .catch(() => undefined);
  }
}

/** The list-change kinds the server declares; an empty filter when it declares none. */
function filterFor(capabilities: JsonObject): JsonObject {
  const filter: JsonObject = {};
  for (const [capability, key] of [
    ['tools', 'toolsListChanged'],
    ['prompts', 'promptsListChanged'],
    ['resources', 'resourcesListChanged'],
  ] as const) {
    const declared = capabilities[capability];
    if (isObject(declared) && declared.listChanged === true) filter[key] = true;
  }
  return filter;
}

function until(condition: () => boolean, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (condition() || Date.now() - started >= ms) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
}
