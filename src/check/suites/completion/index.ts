/** The checks of the completion suite. */
import type { CheckDefinition } from '../../types.js';

export const checks: CheckDefinition[] = [];
