/**
 * The checks of the security suite: weaknesses of what the server serves and does, found by live
 * probes and static scans, nothing sent anywhere but the server and mcpvet's own loopback canary.
 * Graded by mcpvet's security rules (requirements/security.yaml) or, where the spec has a keyword
 * for the rule, by that requirement.
 */
import type { CheckDefinition } from '../../types.js';
import annotationLie from './annotation-lie.js';
import canaryEcho from './canary-echo.js';
import guessableIds from './guessable-ids.js';
import inputHandling from './input-handling.js';
import localExposure from './local-exposure.js';
import responsePoisoning from './response-poisoning.js';
import secretsInOutput from './secrets-in-output.js';
import ssrf from './ssrf.js';
import toolPoisoning from './tool-poisoning.js';

export const checks: CheckDefinition[] = [
  toolPoisoning,
  responsePoisoning,
  inputHandling,
  ssrf,
  guessableIds,
  localExposure,
  annotationLie,
  canaryEcho,
  secretsInOutput,
];
