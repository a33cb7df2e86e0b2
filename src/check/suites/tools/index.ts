/** The checks of the tools suite. */
import type { CheckDefinition } from '../../types.js';

export const checks: CheckDefinition[] = [];
