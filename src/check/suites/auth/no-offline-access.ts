/** offline_access is not offered to clients: refresh tokens are not a resource requirement (SHOULD NOT). */
import { defineCheck, incomplete, notJudged, pass, violation } from '../../define.js';
import { isNotJudged, unauthenticated } from '../../probes/auth/auth-probe.js';
import { scopesOf } from '../../probes/auth/challenge.js';
import { findMetadata } from '../../probes/auth/metadata.js';

const OFFLINE = 'offline_access';

export default defineCheck({
  id: 'auth.no-offline-access',
  title: 'offline_access is in neither the challenge scope nor scopes_supported',
  suite: 'auth',
  requirements: ['AUTH-08'],
  // 2025-11-25 has no such rule.
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/authorization#refresh-tokens',
  async run(ctx) {
    const answer = await unauthenticated(ctx);
    if (isNotJudged(answer)) return notJudged(answer);
    const places: string[] = [];
    if (scopesOf(answer.challenge?.params.scope).includes(OFFLINE)) places.push('the WWW-Authenticate scope');
    const lookup = await findMetadata(ctx, answer.challenge);
    const supported = lookup.ok ? lookup.document.scopes_supported : undefined;
    if (Array.isArray(supported) && supported.includes(OFFLINE)) places.push(`scopes_supported of ${lookup.ok ? lookup.url : ''}`);
    const evidence = [...answer.evidence, ...lookup.evidence];
    if (places.length)
      return violation(
        'offline-access-offered',
        `${OFFLINE} is offered in ${places.join(' and ')}; a server should leave it out (refresh tokens are the authorization server's business)`,
        evidence,
      );
    if (!lookup.ok && lookup.code === 'metadata-elsewhere')
      return incomplete(lookup.code, `${OFFLINE} is not in the WWW-Authenticate scope; scopes_supported was not read: ${lookup.message}`);
    return pass(`${OFFLINE} is offered neither in the challenge nor in scopes_supported`, evidence);
  },
});
