/** Every check mcpvet has, suite by suite. Each suite folder's index lists its checks. */
import type { CheckDefinition, Suite } from './types.js';
import { checks as protocol } from './suites/protocol/index.js';
import { checks as tools } from './suites/tools/index.js';
import { checks as errors } from './suites/errors/index.js';
import { checks as resources } from './suites/resources/index.js';
import { checks as prompts } from './suites/prompts/index.js';
import { checks as completion } from './suites/completion/index.js';
import { checks as stdio } from './suites/stdio/index.js';
import { checks as http } from './suites/http/index.js';
import { checks as stateless } from './suites/stateless/index.js';
import { checks as mrtr } from './suites/mrtr/index.js';
import { checks as subscriptions } from './suites/subscriptions/index.js';
import { checks as tasks } from './suites/tasks/index.js';
import { checks as utilities } from './suites/utilities/index.js';
import { checks as lint } from './suites/lint/index.js';
import { checks as auth } from './suites/auth/index.js';
import { checks as security } from './suites/security/index.js';

export const ALL_CHECKS: CheckDefinition[] = [
  ...protocol,
  ...tools,
  ...errors,
  ...resources,
  ...prompts,
  ...completion,
  ...stdio,
  ...http,
  ...stateless,
  ...mrtr,
  ...subscriptions,
  ...tasks,
  ...utilities,
  ...lint,
  ...auth,
  ...security,
];

export const SUITES: Suite[] = [
  'protocol',
  'tools',
  'errors',
  'resources',
  'prompts',
  'completion',
  'stdio',
  'http',
  'stateless',
  'mrtr',
  'subscriptions',
  'tasks',
  'utilities',
  'lint',
  'auth',
  'security',
];

export function findDuplicateIds(checks: CheckDefinition[]): string[] {
  const seen = new Set<string>();
  return checks.map((check) => check.id).filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
}
