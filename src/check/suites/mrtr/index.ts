/** The checks of the mrtr suite. */
import type { CheckDefinition } from '../../types.js';

export const checks: CheckDefinition[] = [];
