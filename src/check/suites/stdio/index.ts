/** The checks of the stdio suite. */
import type { CheckDefinition } from '../../types.js';

export const checks: CheckDefinition[] = [];
