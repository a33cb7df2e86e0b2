/** The checks of the protocol suite. */
import type { CheckDefinition } from '../../types.js';
import declaredCapabilitiesImplemented from './declared-capabilities.js';
import discoverShape from './discover-shape.js';
import errorEchoesId from './error-echoes-id.js';
import legacyKnownVersion from './legacy-known-version.js';
import legacyPing from './ping.js';
import legacyQuietBeforeInitialized from './legacy-quiet-before-initialized.js';
import legacyUnknownVersion from './legacy-unknown-version.js';
import messageDepth from './message-depth.js';
import legacyUnknownVersionLatest from './legacy-unknown-version-latest.js';
import messagesValid from './messages-valid.js';
import metaKeySyntax from './meta-key-syntax.js';
import missingClientCapabilities from './missing-client-capabilities.js';
import missingProtocolVersion from './missing-protocol-version.js';
import modernOnlyInitialize from './modern-only-initialize.js';
import reservedErrorCodes from './reserved-error-codes.js';
import resultTypeKnown from './result-type.js';
import serverInfoInResults from './server-info.js';
import serverRequestIdsUnique from './server-request-ids.js';
import undeclaredCapabilityNotFound from './undeclared-capabilities.js';
import unknownNotificationIgnored from './unknown-notification.js';
import unsupportedVersion from './unsupported-version.js';

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
];
