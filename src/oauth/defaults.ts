/** The login's defaults, in a module with no imports: the CLI's flag definitions read them at start-up. */
export const DEFAULT_CALLBACK_PORT = 6276;
/** Each request to an authorization server or for its metadata. */
export const DEFAULT_OAUTH_TIMEOUT_MS = 10_000;
/** How long a login waits for the browser to come back. */
export const DEFAULT_LOGIN_WAIT_MS = 300_000;
