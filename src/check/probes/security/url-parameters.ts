/**
 * The parameters of a tool that take a URL or a host, by name (`url`, `imageUrl`, `webhook_url`,
 * `host`…) or by format (`uri`, `url`, `iri`): where a server may fetch what its caller names.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { nameWords } from './name-words.js';

export interface UrlParameter {
  name: string;
  /** `url`: takes a whole URL (a path can name the tool); `host`: a host (and port) only. */
  kind: 'url' | 'host';
}

const URL_WORDS = new Set(['url', 'uri', 'urls', 'endpoint', 'href', 'link', 'webhook', 'callback']);
const HOST_WORDS = new Set(['host', 'hostname']);
const URL_FORMATS = new Set(['uri', 'url', 'iri', 'uri-reference', 'iri-reference']);

export function urlParameters(inputSchema: unknown): UrlParameter[] {
  const properties = isObject(inputSchema) && isObject(inputSchema.properties) ? inputSchema.properties : {};
  const out: UrlParameter[] = [];
  for (const [name, schema] of Object.entries(properties)) {
    if (!isObject(schema) || (schema.type !== undefined && schema.type !== 'string')) continue;
    const last = nameWords(name).at(-1) ?? '';
    if (URL_FORMATS.has(String(schema.format)) || URL_WORDS.has(last)) out.push({ name, kind: 'url' });
    // A `format: hostname` value cannot carry the canary's port: a fetch would go where mcpvet cannot see it.
    else if (HOST_WORDS.has(last) && schema.format !== 'hostname') out.push({ name, kind: 'host' });
  }
  return out;
}
