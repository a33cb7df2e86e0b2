/** The checks of the http suite. */
import type { CheckDefinition } from '../../types.js';

export const checks: CheckDefinition[] = [];
