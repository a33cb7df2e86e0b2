/**
 * Logging (deprecated in 2026-07-28, still served): a modern request opts in with
 * `_meta["io.modelcontextprotocol/logLevel"]`, a legacy session with `logging/setLevel`. Messages go
 * on the request's own channel, at or above the level asked for; without a level, none at all.
 */
import { Code, META, RpcError, isObject, type Json } from './protocol.js';
import type { HandleContext } from './types.js';

export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** A modern request naming a level that does not exist is invalid (-32602, LOG-03). */
export function checkLogLevel(meta: Json): RpcError | undefined {
  if (!(META.logLevel in meta) || LOG_LEVELS.includes(meta[META.logLevel] as string)) return undefined;
  return new RpcError(Code.InvalidParams, `Unknown log level: ${String(meta[META.logLevel])}`);
}

export type Log = (level: string, data: unknown) => void;

/** Sends `notifications/message` for this request when it asked for logs at or below `level`. */
export function loggerFor(params: Json, legacy: boolean, ctx: HandleContext): Log {
  const meta = isObject(params._meta) ? params._meta : {};
  const wanted = legacy ? ctx.session?.logLevel : (meta[META.logLevel] as string | undefined);
  const threshold = wanted === undefined ? -1 : LOG_LEVELS.indexOf(wanted);
  return (level, data) => {
    if (threshold < 0 || LOG_LEVELS.indexOf(level) < threshold) return;
    ctx.send({ jsonrpc: '2.0', method: 'notifications/message', params: { level, logger: 'notes-server', data } });
  };
}
