/** The checks of the lint suite: the rules of `mcpvet lint`, by severity. */
import type { CheckDefinition } from '../../types.js';
import lintErrors from './no-errors.js';
import lintWarnings from './no-warnings.js';

export const checks: CheckDefinition[] = [lintErrors, lintWarnings];
