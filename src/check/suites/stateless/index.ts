/** The checks of the stateless suite: no handshake, no connection state, no sticky sessions (2026-07-28). */
import type { CheckDefinition } from '../../types.js';
import firstRequest from './first-request-works.js';
import toolsListIdentical from './tools-list-identical.js';
import earlierCapabilities from './tools-list-ignores-earlier-capabilities.js';
import capabilityCarryover from './no-capability-carryover.js';
import malformedKeepsEra from './malformed-message-keeps-era.js';
import replicaSameAnswers from './replica-same-answers.js';
import replicaPagination from './replica-pagination.js';
import firstCapabilities from './lists-ignore-first-capabilities.js';

export const checks: CheckDefinition[] = [
  firstRequest,
  toolsListIdentical,
  earlierCapabilities,
  capabilityCarryover,
  malformedKeepsEra,
  replicaSameAnswers,
  replicaPagination,
  firstCapabilities,
];
