/**
 * The relay layer: the plumbing every man-in-the-middle shares, below every engine that uses it.
 *
 * - Fronts: stdio-front.ts (mcpvet started in place of the server) and http-front.ts (a listener
 *   on 127.0.0.1 only, every request checked by listener-guard.ts: Host, Origin, the per-run
 *   token, a JSON body).
 * - Upstreams: lines.ts (the spawned server, line by line) and forwarding-upstream.ts (an HTTP
 *   server through a kept-alive pool, the --url query string kept). With nothing wrapped around an
 *   http: server, the HTTP front passes requests as bytes instead (http-passthrough.ts: each head
 *   checked and rewritten, answers piped back; node:http still serves what it leaves). The spawned server also passes
 *   lines as bytes: with nothing wrapped around it, the stdio front relays them undecoded and
 *   unparsed (byte-line-splitter.ts keeps the line cap and the text path's rules).
 * - Hooks: engines wrap an upstream (LineWrapper, or an HttpUpstream around another) to record
 *   (cassette), inject faults (fault) or answer from a recording (cassette replay).
 * - The cassette file format and the pairing of its frames into exchanges live here too
 *   (cassette-format.ts, cassette-exchanges.ts): they describe what crossed a relay, and the
 *   contract engine reads them as well as the cassette engine, which must not import each other.
 *
 * Engines never import one another: where two meet (replay with faults, in the library) the
 * composition lives above them, in src/library/ and src/cli/.
 */
export { serveHttpFront, type HttpFront, type HttpFrontOptions } from './http-front.js';
export { serveStdioFront, type StdioFrontIo } from './stdio-front.js';
export { ForwardingUpstream } from './forwarding-upstream.js';
export { SpawnedServer, LineEmitter, LineWrapper, type LineUpstream } from './lines.js';
export type { HttpUpstream, HttpRequestIn, HttpResponseOut, SseEvent } from './http-upstream.js';
export { TOKEN_PARAM } from './listener-guard.js';
