/** How each command under test is pointed at a target, with a short --timeout for the hangs. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MARKER_NAME, type RunContext } from './harness.js';

/** `record` runs a script (the CI path); `record-relay` and `proxy` stand between `call` and the server. */
export const COMMANDS = ['call', 'check', 'lint', 'snapshot', 'record', 'record-relay', 'proxy'] as const;
export type Command = (typeof COMMANDS)[number];

export const TIMEOUT_MS = 1500;

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'mcpvet-hostile-'));
}

/** The command line of `command` against `target` (`['--url', U]`, or a stdio target from the context). */
export function commandLine(command: Command, ctx: RunContext, target: string[], timeoutMs = TIMEOUT_MS): string[] {
  const timeout = ['--timeout', String(timeoutMs)];
  const call = ['call', '--method', 'tools/list', ...timeout];
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
      return [...call, '-e', `${MARKER_NAME}=${ctx.marker}`, '--', ...ctx.cli, 'record', '-o', join(scratch(), 'cassette.ndjson'), ...timeout, ...target];
    case 'proxy':
      return [...call, '-e', `${MARKER_NAME}=${ctx.marker}`, '--', ...ctx.cli, 'proxy', ...timeout, ...target];
  }
}

/** Commands whose errors are a JSON envelope on stderr (a chain's outer command is `call`). */
export function printsEnvelope(command: Command): boolean {
  return command === 'call' || command === 'record-relay' || command === 'proxy';
}
