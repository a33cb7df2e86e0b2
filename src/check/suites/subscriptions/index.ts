/** The checks of the subscriptions suite. */
import type { CheckDefinition } from '../../types.js';

export const checks: CheckDefinition[] = [];
