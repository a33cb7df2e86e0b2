/** The checks of the http suite: Streamable HTTP rules of 2026-07-28 (DIGEST §3), and of legacy sessions. */
import type { CheckDefinition } from '../../types.js';
import mcpMethodRequired from './mcp-method-required.js';
import mcpMethodMatches from './mcp-method-matches.js';
import protocolVersionHeaderMatches from './protocol-version-header-matches.js';
import mcpNameRequired from './mcp-name-required.js';
import mcpNameMatches from './mcp-name-matches.js';
import mcpNameBase64 from './mcp-name-base64.js';
import paramHeaderRequired from './param-header-required.js';
import paramHeaderMatches from './param-header-matches.js';
import paramHeaderBase64 from './param-header-base64.js';
import xMcpHeaderValid from './x-mcp-header-valid.js';
import missingMeta from './missing-meta-400.js';
import unsupportedVersion from './unsupported-version-400.js';
import missingCapability from './missing-capability-400.js';
import unknownMethod from './unknown-method-404.js';
import getNotAllowed from './get-405.js';
import deleteNotAllowed from './delete-405.js';
import notificationAccepted from './notification-202.js';
import foreignOrigin from './foreign-origin-403.js';
import sessionIdIgnored from './session-id-ignored.js';
import contentTypeMatches from './content-type-matches.js';
import legacySessionIdAscii from './legacy-session-id-visible-ascii.js';
import legacyDeletedSession from './legacy-deleted-session-404.js';
import legacyProtocolVersion from './legacy-protocol-version-header.js';
import notificationFlood from './notification-flood.js';
import legacyGetSseOr405 from './legacy-get-sse-or-405.js';
import legacyGetNoResponses from './legacy-get-no-responses.js';
import legacyOneStreamPerMessage from './legacy-one-stream-per-message.js';
import legacyEventIdsUnique from './legacy-event-ids-unique.js';
import legacySsePriming from './legacy-sse-priming.js';
import legacySessionIdsUnguessable from './legacy-session-ids-unguessable.js';
import legacySessionRequired400 from './legacy-session-required-400.js';
import responseEndsStream from './response-ends-stream.js';
import sseNoBuffering from './sse-no-buffering.js';
import protocolVersionHeaderRequired from './protocol-version-header-required.js';
import headerNamesCaseInsensitive from './header-names-case-insensitive.js';
import lastEventIdIgnored from './last-event-id-ignored.js';
import paramHeaderAbsentNotExpected from './param-header-absent-not-expected.js';
import paramHeaderInvalidCharacters from './param-header-invalid-characters.js';
import paramHeaderIntegerNumeric from './param-header-integer-numeric.js';

export const checks: CheckDefinition[] = [
  mcpMethodRequired,
  mcpMethodMatches,
  protocolVersionHeaderMatches,
  mcpNameRequired,
  mcpNameMatches,
  mcpNameBase64,
  paramHeaderRequired,
  paramHeaderMatches,
  paramHeaderBase64,
  xMcpHeaderValid,
  missingMeta,
  unsupportedVersion,
  missingCapability,
  unknownMethod,
  getNotAllowed,
  deleteNotAllowed,
  notificationAccepted,
  foreignOrigin,
  sessionIdIgnored,
  contentTypeMatches,
  legacySessionIdAscii,
  legacyDeletedSession,
  legacyProtocolVersion,
  notificationFlood,
  legacyGetSseOr405,
  legacyGetNoResponses,
  legacyOneStreamPerMessage,
  legacyEventIdsUnique,
  legacySsePriming,
  legacySessionIdsUnguessable,
  legacySessionRequired400,
  responseEndsStream,
  sseNoBuffering,
  protocolVersionHeaderRequired,
  headerNamesCaseInsensitive,
  lastEventIdIgnored,
  paramHeaderAbsentNotExpected,
  paramHeaderInvalidCharacters,
  paramHeaderIntegerNumeric,
];
