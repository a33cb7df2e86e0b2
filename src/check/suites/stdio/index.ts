/** The checks of the stdio suite. */
import type { CheckDefinition } from '../../types.js';
import exitsBeforeFirstMessage from './exits-before-first-message.js';
import exitsOnStdinClose from './exits-on-stdin-close.js';
import noHeadOfLineBlocking from './no-head-of-line-blocking.js';
import noEmbeddedNewlines from './no-embedded-newlines.js';
import notificationFlood from './notification-flood.js';
import stdoutOnlyJsonRpc from './stdout-only-jsonrpc.js';

export const checks: CheckDefinition[] = [
  stdoutOnlyJsonRpc,
  exitsOnStdinClose,
  exitsBeforeFirstMessage,
  noHeadOfLineBlocking,
  notificationFlood,
  noEmbeddedNewlines,
];
