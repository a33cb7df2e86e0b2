/**
 * The checks of the tasks suite: the 2025-11-25 tasks utility (legacy) and the 2026-07-28
 * io.modelcontextprotocol/tasks extension (modern).
 */
import type { CheckDefinition } from '../../types.js';
import requiredWithoutTask from './required-without-task.js';
import taskLifecycle from './task-lifecycle.js';
import resultExact from './result-exact.js';
import augmentationIgnored from './augmentation-ignored.js';
import durableCreation from './durable-creation.js';
import unknownTaskId from './unknown-task-id.js';
import failedOnlyOnError from './failed-only-on-error.js';
import httpMcpName from './http-mcp-name.js';
import acknowledgementComplete from './acknowledgement-complete.js';

export const checks: CheckDefinition[] = [
  requiredWithoutTask,
  taskLifecycle,
  resultExact,
  augmentationIgnored,
  durableCreation,
  unknownTaskId,
  failedOnlyOnError,
  httpMcpName,
  acknowledgementComplete,
];
