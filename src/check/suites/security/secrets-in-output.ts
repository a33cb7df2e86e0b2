/**
 * Credentials in anything the server sent during the run: results, errors, notifications, server
 * requests and non-JSON HTTP answers (stderr never reaches an MCP client's user and is not read).
 * Runs last, over every trace of the run, so what every other check provoked is judged too.
 * A value mcpvet itself sent (an argument echoed in an error) and the --canary values (judged
 * by security.canary-echo) are not reported here.
 */
import { describeSecret, type JsonSecret } from '../../../scan/secrets.js';
import { defineCheck, pass, violation } from '../../define.js';
import type { Finding } from '../../types.js';
import { secretsInPart } from '../../probes/security/part-secrets.js';
import { maskedFrame } from '../../probes/security/masked-frame.js';
import { partLabel, partLocation, receivedParts, sentByClient, type ReceivedPart } from '../../probes/security/received.js';

/** Findings per run: a server that prints a key in every answer is reported a few times, not a thousand. */
const MAX_FINDINGS = 20;

export default defineCheck({
  id: 'security.secrets-in-output',
  title: 'Results, errors and notifications carry no credentials',
  suite: 'security',
  requirements: ['SEC-SECRET-OUTPUT'],
  spec: 'basic/security_best_practices',
  final: true,
  async run(ctx) {
    // The listing is judged even when no other check asked for it (shared: fetched once per run).
    if (ctx.client.serverCapabilities.tools) await ctx.tools().catch(() => undefined);
    const traces = ctx.traces();
    const parts = receivedParts(traces);
    const echoed = sentByClient(traces);
    const canaries = (ctx.canaries ?? []).map((canary) => canary.value);
    const findings: Finding[] = [];
    const seen = new Set<string>();
    for (const part of parts) {
      for (const found of secretsInPart(part)) {
        const value = found.text.slice(found.match.start, found.match.end);
        if (echoed(value) || canaries.some((canary) => value.includes(canary))) continue;
        const key = `${partLabel(part)} ${found.pointer} ${found.match.kind}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (findings.length < MAX_FINDINGS) findings.push(finding(part, found, value));
      }
    }
    if (findings.length > 0) return findings;
    return pass(`no credential in ${parts.length} server message(s) of the run`);
  },
});

function finding(part: ReceivedPart, found: JsonSecret, value: string): Finding {
  const where = found.pointer ? ` at ${found.pointer}` : ' in the body';
  return {
    ...violation(
      'secret-in-output',
      `${partLabel(part)}: the server sent a credential${where}: ${describeSecret(found.text, found.match)}; results, errors and notifications reach the model and the logs, and must not carry keys, tokens or passwords`,
      [{ frames: [maskedFrame(part.frame, [value])] }],
      partLocation(part, found.pointer),
    ),
    requirement: 'SEC-SECRET-OUTPUT',
  };
}
