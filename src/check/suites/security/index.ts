/**
 * The checks of the security suite: weaknesses of what the server serves and does, found by live
 * probes and static scans, nothing sent anywhere but the server and mcpvet's own loopback canary.
 * Graded by mcpvet's security rules (requirements/security.yaml) or, where the spec has a keyword
 * for the rule, by that requirement.
 */
import type { CheckDefinition } from '../../types.js';
import responsePoisoning from './response-poisoning.js';
import toolPoisoning from './tool-poisoning.js';

export const checks: CheckDefinition[] = [toolPoisoning, responsePoisoning];
