/** How each command under test is pointed at a target, with a short --timeout for the hangs. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MARKER_NAME, type RunContext } from './harness.js';

/** `record` runs a script (the CI path); `record-relay` and `proxy` stand between `call` and the server. */
export const COMMANDS = ['call', 'check', 'lint', 'snapshot', 'record', 'record-relay', 'proxy'] as const;
export type Command = (typeof COMMANDS)[number];

export const TIMEOUT_MS = 1500;
export const CHAIN_SLACK_MS = 2500;

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'mcpvet-hostile-'));
}

/** The command line of `command` against `target` (`['--url', U]`, or a stdio target from the context). */
export function commandLine(command: Command, ctx: RunContext, target: string[], timeoutMs = TIMEOUT_MS): string[] {
  const timeout = ['--timeout', String(timeoutMs)];
  const call = ['call', '--method', 'tools/list', ...timeout];
  // The client of a chain waits longer than the relay: it also waits for the relay to start.
  const outerCall = ['call', '--method', 'tools/list', '--timeout', String(timeoutMs + CHAIN_SLACK_MS)];
  switch (command) {
    case 'call':
      return [...call, ...target];
    case 'check':
      return ['check', ...timeout, ...target];
    case 'lint':
      return ['lint', ...timeout, ...target];
    case 'snapshot':
      return ['snapshot', '-o', join(scratch(), 'contract.json'), ...timeout, ...target];
    case 'record': {
      const dir = scratch();
      writeFileSync(join(dir, 'steps.yaml'), '- list: tools\n');
      return ['record', '--script', join(dir, 'steps.yaml'), '-o', join(dir, 'cassette.ndjson'), ...timeout, ...target];
    }
    case 'record-relay':
      return [...outerCall, '-e', `${MARKER_NAME}=${ctx.marker}`, '--', ...ctx.cli, 'record', '-o', join(scratch(), 'cassette.ndjson'), ...timeout, ...target];
    case 'proxy':
      return [...outerCall, '-e', `${MARKER_NAME}=${ctx.marker}`, '--', ...ctx.cli, 'proxy', ...timeout, ...target];
  }
}

/** Commands whose errors are a JSON envelope on stderr (a chain's outer command is `call`). */
/** Extra wall time a command needs over the behaviour's bound (chains wait twice, check runs many checks). */
export function extraMs(command: Command): number {
  if (command === 'proxy' || command === 'record-relay') return 3 * CHAIN_SLACK_MS;
  return 0;
}

export function printsEnvelope(command: Command): boolean {
  return command === 'call' || command === 'record-relay' || command === 'proxy';
}
