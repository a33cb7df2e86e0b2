/** Every exit code mcpvet uses, in one table (documented in the README). */
export const ExitCode = {
  Ok: 0,
  /** Bad usage, or an unexpected error. */
  Usage: 1,
  /** `check`, `fuzz`, `eval`: a failure no baseline expects (or a stale baseline entry); `diff`: breaking changes; `verify`: an answer differs; `eval compare`: a task got significantly worse. */
  Failed: 2,
  /** `call`: the server requires authorization (HTTP 401/403). */
  AuthRequired: 3,
  /** `call`: the server could not be reached: refused, DNS, timeout, spawn failure, died. */
  Unreachable: 4,
  /** `call`: the tool reported an error (`isError: true`) or does not exist. */
  ToolError: 5,
  /** `call --strict` and `lint`: error-level lint findings. */
  StrictLint: 6,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];
