/**
 * The notes server as a library: a transport-independent core plus two transports, so a broken
 * fixture can be `createNotesServer({ hooks }) + serveStdio(server)`.
 */
export { createNotesServer } from './server.js';
export { serveStdio, type StdioOptions, type StdioHandle } from './stdio.js';
export { serveHttp, statusFor, type HttpOptions, type HttpHandle } from './http.js';
export { createLegacySession } from './types.js';
export type { EraMode, HandleContext, LegacySession, NotesServer, NotesServerHooks, NotesServerOptions } from './types.js';
export { TOOLS } from './tools.js';
export { Code, META, MODERN_VERSIONS, LEGACY_VERSIONS, SERVER_INFO, errorResponse, resultResponse, type Json } from './protocol.js';
export { sealState, openState, digestArgs, DEV_STATE_SECRET } from './request-state.js';
export { bearerAuth, mintToken, verifyToken, challenge, metadataUrl, DEV_AUTH_SECRET, type HttpAuth, type Grant, type TokenClaims } from './auth.js';
