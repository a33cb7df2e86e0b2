/** The checks of the prompts suite. */
import type { CheckDefinition } from '../../types.js';

export const checks: CheckDefinition[] = [];
