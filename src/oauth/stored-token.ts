/**
 * The stored token of an HTTP target, for every command that reaches one: refreshed first when it
 * expired (or is about to), so a command never sends a token it knows is dead. Only the store is
 * loaded on the start-up path; oauth4webapi comes in when a refresh is due.
 */
import { loadAuth, resourceKey, type StoredAuth } from './store.js';

/** A token this close to its expiry is refreshed before use (a request can take that long). */
export const EXPIRY_MARGIN_MS = 5_000;

export type StoredToken =
  | { ok: true; accessToken: string; entry: StoredAuth; refreshed: boolean }
  | { ok: false; reason: 'none' | 'unreadable' | 'expired' | 'refresh-failed'; message: string };

/** The endpoints (keys) whose stored token this process put on a target. */
const used = new Set<string>();

export function storedTokenWasUsed(url: string): boolean {
  return used.has(resourceKey(url));
}

export function isExpired(entry: StoredAuth, now = Date.now()): boolean {
  return entry.expiresAt !== undefined && entry.expiresAt - now < EXPIRY_MARGIN_MS;
}

export async function storedToken(url: string, timeoutMs: number): Promise<StoredToken> {
  let entry: StoredAuth | undefined;
  try {
    entry = loadAuth(url);
  } catch (error) {
    return { ok: false, reason: 'unreadable', message: (error as Error).message };
  }
  if (!entry) return { ok: false, reason: 'none', message: 'no stored token' };
  if (!isExpired(entry)) {
    used.add(entry.resource);
    return { ok: true, accessToken: entry.accessToken, entry, refreshed: false };
  }
  if (!entry.refreshToken) return { ok: false, reason: 'expired', message: 'the stored token expired and there is no refresh token' };
  try {
    const { refresh } = await import('./flow.js');
    const updated = await refresh(entry, timeoutMs);
    used.add(updated.resource);
    return { ok: true, accessToken: updated.accessToken, entry: updated, refreshed: true };
  } catch (error) {
    return { ok: false, reason: 'refresh-failed', message: (error as Error).message };
  }
}
