/** The checks of the resources suite. */
import type { CheckDefinition } from '../../types.js';
import listShape from './list-shape.js';
import templatesListShape from './templates-list-shape.js';
import readListed from './read-listed.js';
import unknownUriError from './unknown-uri-error.js';
import unknownUriData from './unknown-uri-data.js';
import unknownUriNotEmpty from './unknown-uri-not-empty.js';
import listCacheHints from './list-cache-hints.js';
import readCacheHints from './read-cache-hints.js';
import uriSyntax from './uri-syntax.js';
import pathTraversal from './path-traversal.js';
import setStable from './set-stable.js';
import legacySubscribe from './legacy-subscribe.js';
import listChangedNotification from './list-changed-notification.js';
import invalidCursor from './invalid-cursor.js';
import paginationCacheScope from './pagination-cache-scope.js';

export const checks: CheckDefinition[] = [
  listShape,
  templatesListShape,
  readListed,
  unknownUriError,
  unknownUriData,
  unknownUriNotEmpty,
  listCacheHints,
  readCacheHints,
  uriSyntax,
  pathTraversal,
  setStable,
  legacySubscribe,
  listChangedNotification,
  invalidCursor,
  paginationCacheScope,
];
