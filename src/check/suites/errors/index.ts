/** The checks of the errors suite. */
import type { CheckDefinition } from '../../types.js';

export const checks: CheckDefinition[] = [];
