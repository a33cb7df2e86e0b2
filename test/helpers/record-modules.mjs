// Preload (node --import): appends the URL of every module the process loads to $MCPVET_MODULE_LOG.
import { register } from 'node:module';

const hooks = `
import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (process.env.MCPVET_MODULE_LOG) appendFileSync(process.env.MCPVET_MODULE_LOG, url + '\\n');
  return next(url, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
