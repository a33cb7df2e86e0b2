/** The checks of the protocol suite. */
import type { CheckDefinition } from '../../types.js';
import cursorsStable from './cursors-stable.js';
import declaredCapabilitiesImplemented from './declared-capabilities-implemented.js';
import discoverShape from './discover-shape.js';
import errorEchoesId from './error-echoes-request-id.js';
import legacyCapabilitiesDeclared from './legacy-capabilities-declared.js';
import legacyKnownVersion from './legacy-initialize-known-version.js';
import legacyPing from './legacy-ping.js';
import legacyQuietBeforeInitialized from './legacy-quiet-before-initialized.js';
import legacyUnknownVersion from './legacy-initialize-unknown-version.js';
import messageDepth from './message-depth.js';
import legacyUnknownVersionLatest from './legacy-unknown-version-gets-latest.js';
import messagesValid from './messages-valid.js';
import metaKeySyntax from './meta-key-syntax.js';
import missingClientCapabilities from './missing-client-capabilities-rejected.js';
import missingProtocolVersion from './missing-protocol-version-rejected.js';
import modernOnlyInitialize from './modern-only-initialize-lists-versions.js';
import notificationsWithoutId from './notifications-without-id.js';
import reservedErrorCodes from './reserved-error-codes.js';
import retiredErrorCodes from './retired-error-codes.js';
import resultTypeKnown from './result-type-known.js';
import serverInfoInResults from './server-info-in-results.js';
import serverRequestIdsUnique from './server-request-ids-unique.js';
import undeclaredCapabilityNotFound from './undeclared-capability-not-found.js';
import unknownNotificationIgnored from './unknown-notification-ignored.js';
import unsupportedVersion from './unsupported-version-rejected.js';
import utf8Messages from './utf8-messages.js';

export const checks: CheckDefinition[] = [
  missingProtocolVersion,
  missingClientCapabilities,
  unsupportedVersion,
  modernOnlyInitialize,
  discoverShape,
  serverInfoInResults,
  declaredCapabilitiesImplemented,
  undeclaredCapabilityNotFound,
  resultTypeKnown,
  errorEchoesId,
  legacyKnownVersion,
  legacyUnknownVersion,
  legacyUnknownVersionLatest,
  legacyPing,
  unknownNotificationIgnored,
  messagesValid,
  messageDepth,
  reservedErrorCodes,
  metaKeySyntax,
  serverRequestIdsUnique,
  legacyQuietBeforeInitialized,
  utf8Messages,
  legacyCapabilitiesDeclared,
  cursorsStable,
  retiredErrorCodes,
  notificationsWithoutId,
];
