/** The checks of the prompts suite. */
import type { CheckDefinition } from '../../types.js';
import listShape from './list-shape.js';
import getListed from './get-listed.js';
import unknownPromptError from './unknown-prompt-error.js';
import missingArgumentError from './missing-argument-error.js';
import listCacheHints from './list-cache-hints.js';
import listChangedNotification from './list-changed-notification.js';
import invalidCursor from './invalid-cursor.js';
import paginationCacheScope from './pagination-cache-scope.js';

export const checks: CheckDefinition[] = [
  listShape,
  getListed,
  unknownPromptError,
  missingArgumentError,
  listCacheHints,
  listChangedNotification,
  invalidCursor,
  paginationCacheScope,
];
