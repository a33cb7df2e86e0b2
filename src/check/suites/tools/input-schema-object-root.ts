/** inputSchema MUST be a JSON Schema object with `type: "object"` at its root (arguments are an object). */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, violation } from '../../define.js';
import { summarize } from './shared/answer.js';
import { listedTools, toolName } from './shared/listed-tools.js';

export default defineCheck({
  id: 'tools.input-schema-object-root',
  title: 'Each inputSchema has type: "object" at its root',
  suite: 'tools',
  requirements: ['TOOL-02'],
  eras: ['modern', 'legacy'],
  transports: ['stdio', 'http'],
  requires: ['tools'],
  spec: 'server/tools#input-schema',
  async run(ctx) {
    const listed = await listedTools(ctx);
    if (!listed.tools) return listed.skipped;
    const bad: string[] = [];
    listed.tools.forEach((tool, index) => {
      const schema = tool.inputSchema;
      if (schema === undefined) return; // a missing inputSchema is tools.list-shape's finding
      if (!isObject(schema)) bad.push(`"${toolName(tool, index)}": inputSchema is ${JSON.stringify(schema)}, not an object`);
      else if (schema.type !== 'object') bad.push(`"${toolName(tool, index)}": root type is ${schema.type === undefined ? 'missing' : JSON.stringify(schema.type)}`);
    });
    if (bad.length > 0) return violation(`inputSchema must have type: "object" at the root (tool arguments are always an object): ${summarize(bad)}`);
    return pass(`all ${listed.tools.length} inputSchemas have type: "object" at the root`);
  },
});
