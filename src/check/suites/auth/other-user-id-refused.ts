/**
 * An identifier a tool handed out to the run's identity (a record id, a handle) is refused to
 * another identity's valid token (--token-other-user): an id names a thing, it does not grant it.
 * Ids come only from the answers of tools the run may call (the call policy), and only those the
 * other identity was not handed by the same calls: an id both see is shared by design and proves
 * nothing. Each is passed back to a tool that may be called and takes such an id (`id`, `noteId`,
 * `note_id`, a `*_id` of the same kind), as the run's identity (served: the id works) and as the
 * other identity, which must be refused (a JSON-RPC error, isError, HTTP 4xx) or at least not get
 * the same data.
 *
 * Graded as mcpvet's security rule SEC-OTHER-USER-IDS (medium: warns). No keyword of the spec
 * states it for ids a tool returns: the MUSTs of basic/security_best_practices#session-hijacking
 * (verify all inbound requests, no sessions for authentication) are about sessions (checked by
 * auth.other-user-session-refused), and 2026-07-28 server/tools#stateful-tools, which says a handle
 * is a name, not a capability, and the server should check the caller against it on every call,
 * is non-normative; "implement proper access controls" (AUTH-16) does not say who may see what.
 */
import type { JsonObject, RpcOutcome } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import type { MinedValue } from '../../arguments/mine.js';
import { goodCall } from '../../arguments/good-call.js';
import { probeArguments } from '../../arguments/probe-arguments.js';
import { compileSchema } from '../../../protocol/json-schema.js';
import { defineCheck, incomplete, notJudged, pass, violation } from '../../define.js';
import { isNotJudged, needsToken, unauthenticated } from '../../probes/auth/auth-probe.js';
import { identifiersIn, parametersFor, sameData, valueKey, valuesIn } from '../../probes/auth/handed-ids.js';
import { callAs, openAs, refused } from '../../probes/auth/tool-call.js';
import type { Evidence, Finding } from '../../types.js';

/** Tools asked for identifiers, and (identifier, tool, parameter) tries: enough to find one, few enough to stay polite. */
const MAX_PRODUCERS = 8;
const MAX_TRIES = 6;

interface Handed extends MinedValue {
  tool: string;
  evidence: Evidence;
}

export default defineCheck({
  id: 'auth.other-user-id-refused',
  title: "Another identity's token (--token-other-user) is refused the ids a tool handed to the run's",
  suite: 'auth',
  requirements: ['SEC-OTHER-USER-IDS'],
  transports: ['http'],
  requires: ['tools'],
  spec: 'server/tools#stateful-tools',
  async run(ctx) {
    const protection = await unauthenticated(ctx);
    if (isNotJudged(protection)) return notJudged(protection);
    if (!ctx.tokens.otherUser) return notJudged(needsToken('--token-other-user', "another identity's valid token"));
    const other = await openAs(ctx, ctx.tokens.otherUser);
    if ('problem' in other)
      return incomplete(
        'other-user-refused',
        `a connection with another identity's token was refused (${other.problem}); give a valid token of another identity`,
      );
    const tools = await ctx.tools();
    const allowed = tools.filter((tool) => ctx.callPolicy(tool).allowed);
    if (allowed.length === 0) {
      return incomplete(
        'nothing-callable',
        `no tool may be called, so none hands out an id (allow one that creates or lists records with --allow-call or a --calls file)`,
      );
    }

    // 1. Ids handed to the run's identity, and all the other identity is handed by the same calls.
    const handed = new Map<string, Handed>();
    const seenByOther = new Set<string>();
    const producers: string[] = [];
    /** Tools that handed ids whose same call the other identity got no plain answer to. */
    const uncompared: string[] = [];
    for (const tool of allowed.slice(0, MAX_PRODUCERS)) {
      if (ctx.signal.aborted) break;
      const good = await goodCall(ctx, tool);
      const outcome = good.succeeded?.outcome;
      if (!good.succeeded || !isObject(outcome?.result) || outcome.result.isError === true) continue;
      const name = String(tool.name);
      const args = good.succeeded.candidate.args;
      const ids = identifiersIn(name, args, outcome.result);
      if (ids.length === 0) continue;
      // Without the other identity's answer to the same call, an id shared by design (a seeded
      // record) would pass for the run's own: such a tool's ids are left out.
      const theirs = await callAs(other, tool, args);
      if (!theirs || refused(theirs) || !isObject(theirs.result) || theirs.result.resultType === 'input_required') {
        uncompared.push(name);
        continue;
      }
      producers.push(name);
      for (const value of valuesIn(name, args, theirs.result)) seenByOther.add(value);
      const evidence = ctx.evidence(outcome.frames);
      for (const id of ids) if (!handed.has(valueKey(id.value))) handed.set(valueKey(id.value), { ...id, tool: name, evidence });
    }
    if (handed.size === 0) {
      const why =
        uncompared.length > 0
          ? `; the ids that tools/call ${uncompared.join(', ')} handed out could not be compared: the other identity got no plain answer to the same call`
          : '';
      return incomplete(
        'no-identifiers',
        `no tool that may be called handed the run's identity an id or handle (tried ${allowed.slice(0, MAX_PRODUCERS).length})${why}; allow one that creates or lists records with --allow-call or a --calls file`,
      );
    }
    const own = [...handed.values()].filter((id) => !seenByOther.has(valueKey(id.value)));
    if (own.length === 0) {
      return incomplete(
        'no-own-identifiers',
        `every id the run's identity was handed (${handed.size}, by tools/call ${producers.join(', ')}) was handed to the other identity too by the same calls: shared by design, they cannot tell whether an id is checked against its caller; allow a tool that creates a record of the run's own (e.g. --allow-call add_note)`,
      );
    }

    // 2. Pass each back, to a tool that may be called and takes such an id, as both identities.
    const tries = own.flatMap((id) =>
      allowed.flatMap((tool) => parametersFor(tool, id).map((parameter) => ({ id, tool, parameter: parameter.name, score: parameter.score }))),
    );
    // Read-only tools first: what they are asked changes nothing, whichever identity asks first.
    const readOnly = (tool: JsonObject) => isObject(tool.annotations) && tool.annotations.readOnlyHint === true;
    tries.sort((a, b) => Number(readOnly(b.tool)) - Number(readOnly(a.tool)) || b.score - a.score);
    if (tries.length === 0) {
      const keys = [...new Set(own.map((id) => id.key))].join(', ');
      return incomplete(
        'no-consumer',
        `the run's identity was handed ids (under ${keys}) by tools/call ${producers.join(', ')}, but no tool that may be called takes one back (a parameter named like the id); allow one with --allow-call`,
      );
    }
    const findings: Finding[] = [];
    const unusable: string[] = [];
    // One verdict per tool that takes ids back: its first id the run's identity could use.
    const judged = new Set<string>();
    let attempts = 0;
    for (const attempt of tries) {
      if (ctx.signal.aborted || attempts >= MAX_TRIES) break;
      const name = String(attempt.tool.name);
      // Only calls made count against MAX_TRIES: a tool already judged takes no slot.
      if (judged.has(name)) continue;
      const args = { ...(await probeArguments(ctx, attempt.tool)), [attempt.parameter]: attempt.id.value };
      const schema = compileSchema(attempt.tool.inputSchema);
      if (schema.ok && !schema.validate(args)) {
        unusable.push(`${name}: no arguments around ${attempt.parameter} its inputSchema accepts`);
        continue;
      }
      const label = `tools/call ${name} with ${attempt.parameter} from tools/call ${attempt.id.tool} (${attempt.id.from.replace(/^tools\/call \S+ /, '')})`;
      // The run's identity first, unless the tool may change what it names (then the other identity first, so it finds it as it was).
      const ownerFirst = readOnly(attempt.tool);
      attempts++;
      const first = await callAs(ownerFirst ? ctx.client : other, attempt.tool, args);
      const second = await callAs(ownerFirst ? other : ctx.client, attempt.tool, args);
      const [owner, theirs] = ownerFirst ? [first, second] : [second, first];
      if (!owner || !theirs) {
        unusable.push(`${label}: no answer`);
        continue;
      }
      const evidence = [attempt.id.evidence, ctx.evidence(owner.frames), ctx.evidence(theirs.frames, other)];
      if (refused(owner) || !isObject(owner.result) || owner.result.resultType === 'input_required') {
        unusable.push(`${label}: refused to the run's identity too (${describe(owner)})`);
        continue;
      }
      if (isObject(theirs.result) && theirs.result.resultType === 'input_required') {
        unusable.push(`${label}: the other identity was asked for input`);
        continue;
      }
      judged.add(name);
      if (refused(theirs)) {
        findings.push(pass(`${label}: served to the run's identity, refused to the other identity (${describe(theirs)})`, evidence));
        continue;
      }
      if (isObject(theirs.result) && sameData(owner.result, theirs.result)) {
        findings.push({
          ...violation(
            'id-served-to-other-user',
            `${label}: another identity's token was served the same answer as the run's, for an id only the run's identity was handed; check the caller's authorization against the id on every call (an id is a name, not a capability)`,
            evidence,
            { tool: name, pointer: `/inputSchema/properties/${attempt.parameter}` },
          ),
          requirement: 'SEC-OTHER-USER-IDS',
        });
        continue;
      }
      findings.push(pass(`${label}: the other identity's answer (${describe(theirs)}) did not carry the run's data`, evidence));
    }
    if (findings.length > 0) return findings;
    return incomplete('no-usable-call', `no id could be passed back to a tool as the run's identity: ${unusable.join('; ')}`);
  },
});

function describe(outcome: RpcOutcome): string {
  const status = outcome.http?.status;
  if (status !== undefined && status >= 400) return `HTTP ${status}`;
  if (outcome.error) return `error ${String(outcome.error.code)}`;
  if (isObject(outcome.result) && outcome.result.isError === true) return 'a tool error, isError: true';
  return 'a result';
}
