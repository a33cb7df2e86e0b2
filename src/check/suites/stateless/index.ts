/** The checks of the stateless suite. */
import type { CheckDefinition } from '../../types.js';

export const checks: CheckDefinition[] = [];
