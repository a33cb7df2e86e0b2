/** The mcpvet library API, for use inside test suites. */
export { connect, type ConnectOptions } from './client/connect.js';
export { scriptedHost, loadHostScript, NO_INPUT_HOST, type HostScript } from './client/host.js';
export type { McpClient, RpcOutcome, InputHost, JsonObject } from './client/types.js';
export { TransportError } from './protocol/transport-error.js';
export { ErrorCode, errorCodeName } from './protocol/errors.js';
export { Trace, type Frame } from './wire/trace.js';
export type { Target, StdioTarget, HttpTarget } from './wire/target.js';
