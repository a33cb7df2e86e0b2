/** 2026-07-28: all pages of one resources/list or resources/templates/list use the same cacheScope (CACHE-04). */
import { defineCheck, pass, skip } from '../../define.js';
import { judgePageScopes, pageScopes } from '../../probes/resources/page-scopes.js';

export default defineCheck({
  id: 'resources.pagination-cache-scope',
  title: 'All pages of resources/list and resources/templates/list use the same cacheScope',
  suite: 'resources',
  requirements: ['CACHE-04'],
  eras: ['modern'],
  requires: ['resources'],
  spec: 'server/utilities/caching',
  async run(ctx) {
    const results = [await pageScopes(ctx, 'resources/list'), await pageScopes(ctx, 'resources/templates/list')];
    const { findings, compared } = judgePageScopes(results);
    if (findings.length > 0) return findings;
    if (compared.length === 0) return skip('resources/list and resources/templates/list fit on one page each; there is no second page to compare');
    return pass(`every page agrees: ${compared.join('; ')}`);
  },
});
