/** 2026-07-28: all pages of one prompts/list use the same cacheScope (CACHE-04). */
import { defineCheck, pass, skip } from '../../define.js';
import { judgePageScopes, pageScopes } from '../../probes/resources/page-scopes.js';

export default defineCheck({
  id: 'prompts.pagination-cache-scope',
  title: 'All prompts/list pages use the same cacheScope',
  suite: 'prompts',
  requirements: ['CACHE-04'],
  eras: ['modern'],
  requires: ['prompts'],
  spec: 'server/utilities/caching',
  async run(ctx) {
    const { findings, compared } = judgePageScopes([await pageScopes(ctx, 'prompts/list')]);
    if (findings.length > 0) return findings;
    if (compared.length === 0) return skip('prompts/list fits on one page; there is no second page to compare');
    return pass(`every page agrees: ${compared.join('; ')}`);
  },
});
