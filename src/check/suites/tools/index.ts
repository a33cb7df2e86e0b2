/** The checks of the tools suite. */
import type { CheckDefinition } from '../../types.js';
import listShape from './list-shape.js';
import nameFormat from './name-format.js';
import namesUnique from './names-unique.js';
import inputSchemaObjectRoot from './input-schema-object-root.js';
import inputSchemaCompiles from './input-schema-compiles.js';
import outputSchemaCompiles from './output-schema-compiles.js';
import orderStable from './order-stable.js';
import orderStableAcrossConnections from './order-stable-across-connections.js';
import setStableAcrossConnections from './set-stable-across-connections.js';
import paginationConsistent from './pagination-consistent.js';
import invalidCursor from './invalid-cursor.js';
import listCacheHints from './list-cache-hints.js';
import paginationCacheScope from './pagination-cache-scope.js';
import structuredContentPresent from './structured-content-present.js';
import structuredContentValid from './structured-content-valid.js';
import structuredContentMirrored from './structured-content-mirrored.js';
import embeddedResourcesCapability from './embedded-resources-capability.js';
import listChangedNotification from './list-changed-notification.js';
import extensionFallback from './extension-fallback.js';
import validCallSucceeds from './valid-call-succeeds.js';

export const checks: CheckDefinition[] = [
  listShape,
  nameFormat,
  namesUnique,
  inputSchemaObjectRoot,
  inputSchemaCompiles,
  outputSchemaCompiles,
  orderStable,
  orderStableAcrossConnections,
  setStableAcrossConnections,
  paginationConsistent,
  invalidCursor,
  listCacheHints,
  paginationCacheScope,
  structuredContentPresent,
  structuredContentValid,
  structuredContentMirrored,
  embeddedResourcesCapability,
  listChangedNotification,
  extensionFallback,
  validCallSucceeds,
];
