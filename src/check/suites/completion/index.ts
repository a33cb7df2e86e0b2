/** The checks of the completion suite. */
import type { CheckDefinition } from '../../types.js';
import missingArgumentError from './missing-argument-error.js';
import promptArgument from './prompt-argument.js';
import resourceTemplateVariable from './resource-template-variable.js';
import unknownPromptError from './unknown-prompt-error.js';

export const checks: CheckDefinition[] = [promptArgument, resourceTemplateVariable, unknownPromptError, missingArgumentError];
