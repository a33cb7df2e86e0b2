/** The checks of the subscriptions suite (subscriptions/listen, DIGEST §6). */
import type { CheckDefinition } from '../../types.js';
import ackFirst from './ack-first.js';
import ackSubscriptionId from './ack-subscription-id.js';
import ackFilter from './ack-honoured-filter.js';
import notificationsCarryId from './notifications-carry-id.js';
import requestedKindsOnly from './requested-kinds-only.js';

export const checks: CheckDefinition[] = [ackFirst, ackSubscriptionId, ackFilter, notificationsCarryId, requestedKindsOnly];
