/**
 * When a testing tool may call a server's tool without being asked: only when the server says it
 * changes nothing (`readOnlyHint: true`) and reaches nothing outside (`openWorldHint: false`). The
 * spec's default of `openWorldHint` is true, and a read-only tool that talks to the world may spend
 * the user's credits or send their data away.
 */
import { isObject } from './jsonrpc.js';

export function isSafeToCallUnasked(tool: Record<string, unknown>): boolean {
  const annotations = isObject(tool.annotations) ? tool.annotations : {};
  return annotations.readOnlyHint === true && annotations.openWorldHint === false;
}
