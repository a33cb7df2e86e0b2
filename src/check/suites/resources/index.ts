/** The checks of the resources suite. */
import type { CheckDefinition } from '../../types.js';

export const checks: CheckDefinition[] = [];
