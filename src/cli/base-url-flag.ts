/**
 * `--base-url URL` (every openai-compatible: model) and `--base-url MODEL=URL` (one model, any
 * provider), repeatable. A value is per-model when what precedes its first `=` is a model spec and
 * what follows is a URL: a bare URL with `=` in its query stays a bare URL.
 */
import { oneLine } from '../wire/control-chars.js';
import { usageError } from './cli-error.js';
import { checkHttpUrl } from './target-options.js';

export interface BaseUrls {
  baseUrl?: string;
  modelBaseUrls: Record<string, string>;
}

const PER_MODEL = /^((?:openai|anthropic|openai-compatible):[^=]+)=(.+)$/;

export function parseBaseUrlFlags(values: string[]): BaseUrls {
  const result: BaseUrls = { modelBaseUrls: {} };
  for (const value of values) {
    const perModel = PER_MODEL.exec(value);
    if (perModel) {
      const [, spec, url] = perModel as unknown as [string, string, string];
      if (result.modelBaseUrls[spec] !== undefined) throw usageError(`--base-url ${oneLine(spec)}=…: given twice`);
      checkHttpUrl(url, `--base-url ${spec}=`);
      result.modelBaseUrls[spec] = url;
    } else {
      if (result.baseUrl !== undefined)
        throw usageError(`--base-url ${oneLine(value)}: a second URL for every model; write --base-url MODEL=URL for one model`);
      checkHttpUrl(value, '--base-url');
      result.baseUrl = value;
    }
  }
  return result;
}
