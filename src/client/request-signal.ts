/**
 * The abort signal of whatever is running now (a check, say), carried by async context: every
 * request sent under `withRequestSignal` is cancelled when it aborts, however deep the call that
 * sent it (listAll, a helper, a fresh connection's handshake), without threading it through.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<AbortSignal | undefined>();

export function withRequestSignal<T>(signal: AbortSignal | undefined, work: () => T): T {
  return current.run(signal, work);
}

export function requestSignal(): AbortSignal | undefined {
  return current.getStore();
}
