/** The checks of the lint suite: the rules of `mcpvet lint`, by severity. */
import type { CheckDefinition } from '../../types.js';
import lintErrors from './lint-errors.js';
import lintWarnings from './lint-warnings.js';

export const checks: CheckDefinition[] = [lintErrors, lintWarnings];
