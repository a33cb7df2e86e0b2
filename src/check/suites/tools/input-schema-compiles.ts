/** Each inputSchema compiles as JSON Schema 2020-12 (or the dialect its $schema names). */
import { defineCheck } from '../../define.js';
import { listedTools } from '../../probes/tools/listed-tools.js';
import { schemaCompileFinding } from '../../probes/tools/schema-compile.js';

export default defineCheck({
  id: 'tools.input-schema-compiles',
  title: 'Each inputSchema compiles as JSON Schema 2020-12 unless $schema says otherwise',
  suite: 'tools',
  requirements: ['TOOL-02', 'TOOL-03'],
  requires: ['tools'],
  spec: 'basic#json-schema-usage',
  async run(ctx) {
    const listed = await listedTools(ctx);
    if (!listed.tools) return listed.skipped;
    return schemaCompileFinding(listed.tools, 'inputSchema');
  },
});
