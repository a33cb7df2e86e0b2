/** The checks of the protocol suite. */
import type { CheckDefinition } from '../../types.js';

export const checks: CheckDefinition[] = [];
