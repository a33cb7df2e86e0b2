// RunReport builders for the report tests: the renderers are pure functions of this model.
import type { CheckResult, RunReport, Status } from '../../src/check/types.js';
import type { Frame } from '../../src/wire/trace.js';

let seq = 0;
export function frame(overrides: Partial<Frame> = {}): Frame {
  return { seq: seq++, time: 1.5, direction: 'send', kind: 'message', raw: '{"jsonrpc":"2.0","id":1,"method":"ping"}', ...overrides };
}

export function result(overrides: Partial<CheckResult> & { id: string; status: Status }): CheckResult {
  const suite = overrides.suite ?? (overrides.id.split('.')[0] as CheckResult['suite']);
  const built: CheckResult = {
    title: `Title of ${overrides.id}`,
    suite,
    level: overrides.status === 'warn' ? 'SHOULD' : 'MUST',
    requirements: ['TOOL-06'],
    spec: 'server/tools#tool-names',
    message: overrides.status === 'pass' ? 'ok' : `message of ${overrides.id}`,
    findings: [],
    evidence: [],
    durationMs: 12,
    ...overrides,
  };
  // One finding mirroring the verdict, unless the test gave its own.
  if (!overrides.findings)
    built.findings = [{ status: built.status, level: built.level, ...(built.code !== undefined ? { code: built.code } : {}), message: built.message }];
  return built;
}

export function report(results: CheckResult[], overrides: Partial<RunReport> = {}): RunReport {
  const summary: RunReport['summary'] = { pass: 0, fail: 0, warn: 0, info: 0, skip: 0, incomplete: 0, error: 0 };
  for (const r of results) summary[r.status]++;
  return {
    tool: { name: 'mcpvet', version: '0.1.0' },
    target: 'node examples/notes-server.js',
    transport: 'stdio',
    era: 'modern',
    protocolVersion: '2026-07-28',
    eraReason: 'server/discover answered with 2026-07-28',
    serverInfo: { name: 'notes', version: '1.2.3' },
    startedAt: '2026-08-01T10:00:00.000Z',
    durationMs: 1234,
    results,
    summary,
    ...overrides,
  };
}

/** A mixed run: passes in two suites, one failure with evidence, a warning, skips, an error. */
export function mixedReport(): RunReport {
  return report([
    result({ id: 'protocol.ping', status: 'pass' }),
    result({ id: 'protocol.error-id-echo', status: 'pass' }),
    result({
      id: 'protocol.unsupported-version',
      status: 'fail',
      message: 'The server answered -32600 instead of -32022 (UnsupportedProtocolVersion).',
      evidence: [
        {
          frames: [
            frame({ direction: 'send', raw: '{"jsonrpc":"2.0","id":7,"method":"server/discover"}' }),
            frame({ direction: 'receive', raw: '{"jsonrpc":"2.0","id":7,"error":{"code":-32600,"message":"bad"}}' }),
          ],
        },
      ],
    }),
    result({ id: 'tools.name-format', status: 'pass' }),
    result({ id: 'tools.description', status: 'warn', message: 'Tool "x" has no description.', evidence: [{ note: 'tools[0] has no description' }] }),
    result({ id: 'tools.call-structured', status: 'error', message: 'The check timed out after 5000 ms.' }),
    result({ id: 'resources.list-shape', status: 'skip', message: 'The server does not declare the resources capability.' }),
    result({ id: 'resources.read-unknown', status: 'skip', message: 'The server does not declare the resources capability.' }),
  ]);
}
