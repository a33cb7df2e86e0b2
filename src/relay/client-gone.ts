/**
 * The news that an HTTP client went away before its answer ended (cancellation, in MCP). The
 * front tells it to listeners directly and makes an AbortSignal only for an upstream that asks for
 * one: creating a signal and listening on it cost the proxy several microseconds on every request.
 */
import type { HttpRequestIn } from './http-upstream.js';

export class ClientGone {
  private readonly listeners = new Set<() => void>();
  private controller: AbortController | undefined;
  private happened = false;

  get gone(): boolean {
    return this.happened;
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.happened) this.controller.abort();
    }
    return this.controller.signal;
  }

  /** Calls `listener` once when the client goes away (at once if it has); returns what unregisters it. */
  on(listener: () => void): () => void {
    if (this.happened) {
      listener();
      return () => {};
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  fire(): void {
    if (this.happened) return;
    this.happened = true;
    this.controller?.abort();
    for (const listener of this.listeners) listener();
    this.listeners.clear();
  }
}

/** `listener` once when the request's client goes away, through `onGone` when the request has it; returns what unregisters it. */
export function whenGone(request: HttpRequestIn, listener: () => void): () => void {
  if (request.onGone) return request.onGone(listener);
  const signal = request.signal;
  if (signal.aborted) {
    listener();
    return () => {};
  }
  signal.addEventListener('abort', listener, { once: true });
  return () => signal.removeEventListener('abort', listener);
}
