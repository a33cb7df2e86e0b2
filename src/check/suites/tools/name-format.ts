/** Tool names SHOULD be 1-128 characters of A-Z a-z 0-9 _ - . (SEP-986). */
import { defineCheck, pass, violation } from '../../define.js';
import { listedTools } from '../../probes/tools/listed-tools.js';

const NAME = /^[A-Za-z0-9_.-]{1,128}$/;

export default defineCheck({
  id: 'tools.name-format',
  title: 'Tool names use 1-128 of A-Z a-z 0-9 _ - .',
  suite: 'tools',
  requirements: ['TOOL-06'],
  requires: ['tools'],
  spec: 'server/tools#tool-names',
  async run(ctx) {
    const listed = await listedTools(ctx);
    if (!listed.tools) return listed.skipped;
    // Non-string names are a shape problem (tools.list-shape).
    const names = listed.tools.map((tool) => tool.name).filter((name): name is string => typeof name === 'string');
    // One finding per offending tool, so each can be baselined and located on its own.
    const bad = names.filter((name) => !NAME.test(name));
    if (bad.length > 0)
      return bad.map((name) =>
        violation(
          codeOf(name),
          `tool name ${JSON.stringify(name)} breaks the naming rule (1-128 characters of A-Z a-z 0-9 _ - .): ${explain(name)}`,
          undefined,
          { tool: name, pointer: '/name' },
        ),
      );
    return pass(`all ${names.length} tool names are 1-128 characters of A-Z a-z 0-9 _ - .`);
  },
});

function codeOf(name: string): string {
  if (name.length === 0) return 'empty';
  return name.length > 128 ? 'too-long' : 'invalid-characters';
}

function explain(name: string): string {
  if (name.length === 0) return 'empty';
  if (name.length > 128) return `${name.length} characters`;
  const others = [...new Set([...name].filter((char) => !/[A-Za-z0-9_.-]/.test(char)))];
  return `contains ${others.map((char) => JSON.stringify(char)).join(', ')}`;
}
