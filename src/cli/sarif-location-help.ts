/** The help of `--sarif-location`, alone in a module: command definitions load at every start. */
export const SARIF_LOCATION_HELP =
  'SARIF: the file, relative to the repository root, that results point at (e.g. src/server.ts; default: the stdio script, else a path naming the server)';
