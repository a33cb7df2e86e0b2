/** The checks of the mrtr suite (multi round-trip requests, DIGEST §7). */
import type { CheckDefinition } from '../../types.js';
import allowedMethods from './input-required-methods.js';
import resultShape from './input-required-shape.js';
import undeclaredKinds from './undeclared-input-kinds.js';
import capabilityErrorData from './missing-capability-data.js';
import retryElsewhere from './retry-on-another-instance.js';
import tamperedState from './tampered-state-rejected.js';
import replayedState from './replayed-state-rejected.js';
import noServerRequests from './no-server-requests.js';
import malformedInputResponses from './malformed-input-responses.js';
import unknownInputResponses from './unknown-input-responses-ignored.js';
import missingAnswersAskedAgain from './missing-answers-asked-again.js';
import elicitationModeDeclared from './elicitation-mode-declared.js';
import samplingToolsDeclared from './sampling-tools-declared.js';
import legacyNegotiatedOnly from './legacy-negotiated-only.js';

export const checks: CheckDefinition[] = [
  allowedMethods,
  resultShape,
  undeclaredKinds,
  capabilityErrorData,
  retryElsewhere,
  tamperedState,
  replayedState,
  noServerRequests,
  malformedInputResponses,
  unknownInputResponses,
  missingAnswersAskedAgain,
  elicitationModeDeclared,
  samplingToolsDeclared,
  legacyNegotiatedOnly,
];
