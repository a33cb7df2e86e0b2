/** Each outputSchema compiles as JSON Schema 2020-12 (or the dialect its $schema names). */
import { defineCheck, skip } from '../../define.js';
import { listedTools } from '../../probes/tools/listed-tools.js';
import { schemaCompileFinding } from '../../probes/tools/schema-compile.js';

export default defineCheck({
  id: 'tools.output-schema-compiles',
  title: 'Each outputSchema compiles as JSON Schema 2020-12 unless $schema says otherwise',
  suite: 'tools',
  requirements: ['TOOL-03'],
  requires: ['tools'],
  spec: 'basic#json-schema-usage',
  async run(ctx) {
    const listed = await listedTools(ctx);
    if (!listed.tools) return listed.skipped;
    const declaring = listed.tools.filter((tool) => tool.outputSchema !== undefined);
    if (declaring.length === 0) return skip('no tool declares an outputSchema');
    return schemaCompileFinding(declaring, 'outputSchema');
  },
});
