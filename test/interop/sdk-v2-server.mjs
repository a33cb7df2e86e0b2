// A server built the way server authors build one on the official TypeScript SDK v2
// (@modelcontextprotocol/server): serveStdio picks the era per connection. Interop target only.
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createServer } from './sdk-v2-server-factory.mjs';

serveStdio(createServer);
