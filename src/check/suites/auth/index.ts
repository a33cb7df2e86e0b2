/** The checks of the auth suite: a protected Streamable HTTP server as an OAuth resource server (basic/authorization). */
import type { CheckDefinition } from '../../types.js';
import noToken401 from './no-token-401.js';
import resourceMetadata from './resource-metadata.js';
import challengeScope from './challenge-scope.js';
import noOfflineAccess from './no-offline-access.js';
import invalidToken401 from './invalid-token-401.js';
import expiredToken401 from './expired-token-401.js';
import otherAudience401 from './other-audience-401.js';
import queryTokenIgnored from './query-token-ignored.js';
import insufficientScope403 from './insufficient-scope-403.js';
import hiddenToolRefused from './hidden-tool-refused.js';
import scopesSupportedMinimal from './scopes-supported-minimal.js';
import otherUserSessionRefused from './other-user-session-refused.js';
import stepUpScopesSuffice from './step-up-scopes-suffice.js';
import scopeHierarchy from './scope-hierarchy.js';
import otherUserStateRefused from './other-user-state-refused.js';
import toolsListStablePerToken from './tools-list-stable-per-token.js';
import otherUserIdRefused from './other-user-id-refused.js';

export const checks: CheckDefinition[] = [
  noToken401,
  resourceMetadata,
  challengeScope,
  noOfflineAccess,
  invalidToken401,
  expiredToken401,
  otherAudience401,
  queryTokenIgnored,
  insufficientScope403,
  hiddenToolRefused,
  scopesSupportedMinimal,
  otherUserSessionRefused,
  stepUpScopesSuffice,
  scopeHierarchy,
  otherUserStateRefused,
  toolsListStablePerToken,
  otherUserIdRefused,
];
