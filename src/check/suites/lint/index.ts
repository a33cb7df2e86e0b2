/** The checks of the lint suite. */
import type { CheckDefinition } from '../../types.js';

export const checks: CheckDefinition[] = [];
