// 'portable': the tool name every provider below accepts without a host rewriting it.
// - OpenAI API reference, FunctionDefinition.name: "Must be a-z, A-Z, 0-9, or contain
//   underscores and dashes, with a maximum length of 64."
// - Anthropic tool use, "Specifying client tools": name "Must match the regex ^[a-zA-Z0-9_-]{1,64}$".
// - Vertex AI FunctionDeclaration.name: "Must start with a letter or an underscore."
// Their intersection is the pattern below. (Type unions, untyped parameters and the tool
// count, also 'portable', are checked in checks/parameters.ts and checks/list.ts.)
import { describeChars } from '../checks/tool-name.js';
import type { ToolContext } from '../context.js';

const PORTABLE_NAME = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;

export function checkPortableName({ tool, report }: ToolContext): void {
  const name = tool.name;
  if (typeof name !== 'string' || name === '' || PORTABLE_NAME.test(name)) return;
  const why =
    name.length > 64
      ? `is ${name.length} characters long (providers allow 64)`
      : /^[^a-zA-Z_]/.test(name) && /^[a-zA-Z0-9_-]+$/.test(name)
        ? 'does not start with a letter or underscore'
        : `contains ${describeChars(name, /[^a-zA-Z0-9_-]/g)}`;
  report('portable.name', '/name', `Tool name "${name}" ${why}; hosts must rename it for some providers.`);
}
