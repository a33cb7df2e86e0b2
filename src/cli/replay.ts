/** `mcpvet replay`: a cassette in place of the server, optionally with faults. Parsing and wiring only. */
import { basename } from 'node:path';
import { CassetteFormatError, readCassette } from '../relay/cassette-format.js';
import type { MatchMode } from '../cassette/match.js';
import { recordedPath, ReplayEngine, ReplayHttp, ReplayLines } from '../cassette/replay.js';
import { FaultyHttp } from '../fault/http.js';
import { FaultyLines } from '../fault/lines.js';
import { usageError } from './cli-error.js';
import { faultPlan, logFault, type FaultFlags } from './proxy.js';
import { serveHttpUntilStopped, serveLines, type ListenFlags } from './serve-relay.js';

export interface ReplayFlags extends FaultFlags, ListenFlags {
  match: MatchMode;
}

export async function runReplay(file: string, flags: ReplayFlags): Promise<number> {
  const cassette = await readCassette(file).catch((error: unknown) => {
    throw error instanceof CassetteFormatError ? usageError(error.message) : error;
  });
  const engine = new ReplayEngine(cassette, { match: flags.match, source: basename(file) });
  if (flags.listen === undefined) {
    const plan = faultPlan(flags, 'stdio');
    const replay = new ReplayLines(engine);
    return serveLines(plan.rules.length > 0 ? new FaultyLines(replay, plan, logFault) : replay, replay);
  }
  const plan = faultPlan(flags, 'http');
  const replay = new ReplayHttp(engine);
  return serveHttpUntilStopped(
    plan.rules.length > 0 ? new FaultyHttp(replay, plan, logFault) : replay,
    flags,
    recordedPath(cassette),
    'mcpvet replay',
    `serving ${basename(file)}`,
  );
}
