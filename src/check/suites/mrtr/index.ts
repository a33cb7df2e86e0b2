/** The checks of the mrtr suite (multi round-trip requests, DIGEST §7). */
import type { CheckDefinition } from '../../types.js';
import allowedMethods from './allowed-methods.js';
import resultShape from './result-shape.js';
import undeclaredKinds from './undeclared-kinds.js';
import capabilityErrorData from './capability-error-data.js';
import retryElsewhere from './retry-elsewhere.js';
import tamperedState from './tampered-state.js';
import replayedState from './replayed-state.js';
import noServerRequests from './no-server-requests.js';

export const checks: CheckDefinition[] = [allowedMethods, resultShape, undeclaredKinds, capabilityErrorData, retryElsewhere, tamperedState, replayedState, noServerRequests];
