/** The checks of the utilities suite: progress, logging and cancellation. */
import type { CheckDefinition } from '../../types.js';
import cancelledRequestSilent from './cancelled-request-silent.js';
import invalidLogLevel from './invalid-log-level.js';
import legacySetLevelInvalid from './legacy-set-level-invalid.js';
import logLevelRequired from './log-level-required.js';
import loggingDeclared from './logging-declared.js';
import progressNotifications from './progress-notifications.js';
import serverCancelsOnlyListen from './server-cancels-only-listen.js';
import unknownCancellationIgnored from './unknown-cancellation-ignored.js';

export const checks: CheckDefinition[] = [
  progressNotifications,
  logLevelRequired,
  invalidLogLevel,
  legacySetLevelInvalid,
  loggingDeclared,
  cancelledRequestSilent,
  unknownCancellationIgnored,
  serverCancelsOnlyListen,
];
