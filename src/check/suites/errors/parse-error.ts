/**
 * Input that is not JSON gets -32700 Parse error, with id null since no id could be read
 * (JSON-RPC 2.0 §5, §5.1). stdio: one unparsable line; HTTP: a POST whose body is not JSON.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, violation } from '../../define.js';
import { describeAnswer, errorOf, evidenceOf, exchangeOrOvertaken } from '../../probes/protocol/probe.js';
import { clientForNullIdProbe } from '../../probes/errors/separate-client.js';

const UNPARSABLE = '{"jsonrpc": "2.0", "id": "mcpvet-parse", "method": "ping", ';

export default defineCheck({
  id: 'errors.parse-error',
  title: 'Unparsable JSON gets -32700',
  suite: 'errors',
  requirements: ['BASE-12'],
  spec: 'basic#error-codes',
  freshProcesses: 1,
  async run(ctx) {
    const client = await clientForNullIdProbe(ctx);
    // The truncated text holds something that looks like an id; only null is a correct answer id.
    const answer = await exchangeOrOvertaken(client, UNPARSABLE, { timeoutMs: ctx.timeoutMs, ids: [null, 'mcpvet-parse'] });
    const evidence = [evidenceOf(answer)];
    const sent = `the unparsable ${ctx.transport === 'http' ? 'POST body' : 'line'} ${JSON.stringify(UNPARSABLE)}`;
    const error = errorOf(answer);
    if (error?.code !== ErrorCode.ParseError)
      return violation('not-32700', `${sent} got ${describeAnswer(answer)}; it must get error -32700 (Parse error)`, evidence);
    const id = answer.response?.id;
    if (id !== null && id !== undefined)
      return violation('id-not-null', `${sent} got -32700 with id ${JSON.stringify(id)}; a parse error has no readable id and must carry id null`, evidence);
    return pass(`${sent} got -32700${answer.http ? ` (HTTP ${answer.http.status})` : ''}`, evidence);
  },
});
