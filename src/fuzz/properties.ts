/** The properties fuzz checks, one rule each in every report (SARIF rule ids are `fuzz/<id>`). */
export const PROPERTIES = {
  'server-alive': { title: 'The server stays alive whatever the arguments', severity: 'error' },
  'answers-in-time': { title: 'Every call is answered within the timeout', severity: 'error' },
  // Servers MUST validate all tool inputs (server/tools, Security Considerations); isError and -32602
  // are the two answers the spec shows for invalid arguments (Error Handling, InvalidParamsError).
  'rejects-invalid': { title: 'Arguments the inputSchema rejects get isError: true or a -32602 error', severity: 'error' },
  'accepts-valid': { title: 'Arguments the inputSchema admits never get a protocol error (other than a documented refusal)', severity: 'error' },
  // The spec lists input validation and business errors as tool execution errors (server/tools, Error
  // Handling) without a keyword, and servers often answer "not found" with -32602: a warning.
  'valid-as-tool-error': {
    title: 'Arguments the inputSchema admits that the tool cannot use get isError: true, not a -32602 error',
    severity: 'warning',
  },
  'output-schema': { title: "Results of valid calls match the tool's outputSchema", severity: 'error' },
  'no-secrets': { title: 'No answer carries a secret or a planted canary', severity: 'error' },
  'envelope-survives': { title: 'A malformed message never kills or hangs the server, and a normal request works after it', severity: 'error' },
  'envelope-rejected': {
    title: 'A message that is not a JSON-RPC request (wrong jsonrpc or method) gets an error or no answer, never a result',
    severity: 'warning',
  },
} as const;

export type PropertyId = keyof typeof PROPERTIES;
export type Severity = (typeof PROPERTIES)[PropertyId]['severity'];

export const PROPERTY_IDS = Object.keys(PROPERTIES) as PropertyId[];

export const ruleId = (property: PropertyId): string => `fuzz/${property}`;
