/** inputSchema MUST be a JSON Schema object with `type: "object"` at its root (arguments are an object). */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, violation } from '../../define.js';
import type { Finding } from '../../types.js';
import { listedTools, toolName } from '../../probes/tools/listed-tools.js';

export default defineCheck({
  id: 'tools.input-schema-object-root',
  title: 'Each inputSchema has type: "object" at its root',
  suite: 'tools',
  requirements: ['TOOL-02'],
  requires: ['tools'],
  spec: 'server/tools#input-schema',
  async run(ctx) {
    const listed = await listedTools(ctx);
    if (!listed.tools) return listed.skipped;
    const bad: Finding[] = [];
    const rule = 'inputSchema must have type: "object" at the root (tool arguments are always an object)';
    listed.tools.forEach((tool, index) => {
      const schema = tool.inputSchema;
      const name = toolName(tool, index);
      if (schema === undefined) return; // a missing inputSchema is tools.list-shape's finding
      if (!isObject(schema))
        bad.push(
          violation('schema-not-object', `"${name}": inputSchema is ${JSON.stringify(schema)}, not an object; ${rule}`, undefined, {
            tool: name,
            pointer: '/inputSchema',
          }),
        );
      else if (schema.type !== 'object')
        bad.push(
          violation('root-not-object', `"${name}": root type is ${schema.type === undefined ? 'missing' : JSON.stringify(schema.type)}; ${rule}`, undefined, {
            tool: name,
            pointer: '/inputSchema/type',
          }),
        );
    });
    if (bad.length > 0) return bad;
    return pass(`all ${listed.tools.length} inputSchemas have type: "object" at the root`);
  },
});
