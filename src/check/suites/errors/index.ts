/** The checks of the errors suite. */
import type { CheckDefinition } from '../../types.js';
import invalidArgumentsAsToolError from './invalid-arguments-as-tool-error.js';
import invalidArgumentsRejected from './invalid-arguments-rejected.js';
import invalidRequest from './invalid-request.js';
import parseError from './parse-error.js';
import unknownMethod from './unknown-method.js';
import unknownTool from './unknown-tool.js';

export const checks: CheckDefinition[] = [unknownTool, invalidArgumentsRejected, invalidArgumentsAsToolError, unknownMethod, parseError, invalidRequest];
