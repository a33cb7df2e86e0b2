// `x-mcp-header` validity rules (2026-07-28 transports; DIGEST §3). An HTTP client MUST drop
// a tool that breaks any of them, so each is an error.
import { pointer } from '../../wire/json-pointer.js';
import { walkSchema, type SchemaNode } from '../schema-walk.js';
import type { Report, SchemaUnderLint } from '../context.js';

const KEY = 'x-mcp-header';
const ALLOWED_TYPES = new Set(['string', 'integer', 'boolean']);
// RFC 9110 §5.6.2: token = 1*tchar.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export function checkMcpHeaders(s: SchemaUnderLint, report: Report): void {
  const seen = new Map<string, string>(); // lower-cased value -> pointer of its first use
  walkSchema(s.schema, s.pointer, (n) => {
    if (typeof n.node !== 'object' || !(KEY in n.node)) return;
    const at = pointer(n.pointer, KEY);
    const value = n.node[KEY];

    if (n.keyword !== 'properties' || !n.viaPropertiesOnly) {
      report(
        'x-mcp-header.placement',
        at,
        n.keyword === null
          ? '`x-mcp-header` is on the schema root, not on a property.'
          : `\`x-mcp-header\` is reached through \`${firstNonProperties(n)}\`; only chains of \`properties\` are allowed.`,
      );
    }
    checkType(n.node.type, at, report);

    if (typeof value !== 'string') {
      report('x-mcp-header.not-token', at, `\`x-mcp-header\` is ${value === null ? 'null' : typeof value}, not a string.`);
      return;
    }
    if (value === '') {
      report('x-mcp-header.empty', at, '`x-mcp-header` is empty.');
      return;
    }
    if (CONTROL.test(value)) {
      report('x-mcp-header.control-char', at, `\`x-mcp-header\` ${JSON.stringify(value)} contains a control character.`);
    } else if (!TOKEN.test(value)) {
      report('x-mcp-header.not-token', at, `\`x-mcp-header\` ${JSON.stringify(value)} is not an RFC 9110 token.`);
    }
    const lower = value.toLowerCase();
    const first = seen.get(lower);
    if (first !== undefined) {
      report('x-mcp-header.duplicate', at, `Header "Mcp-Param-${value}" is already used at ${first}.`);
    } else {
      seen.set(lower, n.pointer);
    }
  });
}

// A property typed [T, "null"] is accepted: the transport rules already say a null argument
// omits the header, so only T has to be header-safe. (The spec text names single types;
// this is mcpvet's reading, noted here.)
function checkType(type: unknown, at: string, report: Report): void {
  const types = Array.isArray(type) ? type.filter((t) => t !== 'null') : [type];
  if (types.length === 1 && typeof types[0] === 'string' && ALLOWED_TYPES.has(types[0])) return;
  const stated = type === undefined ? 'has no `type`' : `has type ${JSON.stringify(type)}`;
  report('x-mcp-header.type', at, `The property carrying \`x-mcp-header\` ${stated}; it must be string, integer or boolean.`);
}

/** The step closest to the root that is not `properties`: the one that breaks reachability. */
function firstNonProperties(n: SchemaNode): string {
  let culprit = n.keyword ?? 'root';
  for (let cur: SchemaNode | undefined = n; cur; cur = cur.parent) {
    if (cur.keyword !== null && cur.keyword !== 'properties') culprit = cur.keyword;
  }
  return culprit;
}
