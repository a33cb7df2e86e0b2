/**
 * Era and version: what `server/discover` and `initialize` say, which versions the server and the
 * host share, and for a refused request exactly what is missing. The era probe's classifier
 * (protocol/era-probe.ts) judges the discover answer, as `connect` does.
 */
import { MCPVET_CLIENT_INFO } from '../../client/base-client.js';
import { LegacyClient } from '../../client/legacy-client.js';
import { ModernClient } from '../../client/modern-client.js';
import type { RpcOutcome } from '../../client/types.js';
import type { Channel } from '../../protocol/channel.js';
import { classifyProbe } from '../../protocol/era-probe.js';
import { modernHeaders } from '../../protocol/headers.js';
import { isObject, type JsonObject } from '../../protocol/jsonrpc.js';
import { META } from '../../protocol/meta.js';
import { TransportError } from '../../protocol/transport-error.js';
import { type EraPreference, LATEST_LEGACY_VERSION, LATEST_MODERN_VERSION, LEGACY_VERSIONS, MODERN_VERSIONS, eraOfVersion } from '../../protocol/versions.js';
import type { Target } from '../../wire/target.js';
import { curlOf, describeOutcome, explainRefusal, type Refusal } from '../refusal.js';
import { PROBE_TIMEOUT_MS } from '../start.js';
import { type DoctorItem, item } from '../types.js';

export interface EraPlan {
  target: Target;
  era: EraPreference;
  timeoutMs: number;
  /** A fresh channel: a new process on stdio (started as the start items found it works), the same URL over HTTP. */
  open(): Channel;
}

type Sent = { outcome?: RpcOutcome; failure?: string; channel: Channel; version: string };

const REQUIRED_META = [META.protocolVersion, META.clientCapabilities];

async function send(channel: Channel, version: string, run: () => Promise<RpcOutcome | undefined>): Promise<Sent> {
  try {
    return { outcome: await run(), channel, version, failure: undefined };
  } catch (error) {
    if (error instanceof TransportError) return { failure: error.message, channel, version };
    throw error;
  }
}

export function hostVersions(era: EraPreference): string[] {
  if (era === 'legacy') return [...LEGACY_VERSIONS];
  if (era === 'modern') return [...MODERN_VERSIONS];
  return [...MODERN_VERSIONS, ...LEGACY_VERSIONS];
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

export async function eraItems(plan: EraPlan): Promise<DoctorItem[]> {
  const { target, timeoutMs } = plan;
  // On stdio a legacy server may stay silent on server/discover: the probe waits as `connect` does.
  const probeTimeout = target.transport === 'stdio' ? Math.min(PROBE_TIMEOUT_MS, timeoutMs) : timeoutMs;
  // server/discover, retried once with a listed modern version after -32022, as the era probe does.
  const modernChannel = plan.open();
  const modern = new ModernClient(modernChannel, target, { timeoutMs });
  modern.protocolVersion = LATEST_MODERN_VERSION;
  // Each probe's connection is closed however it ends (a stdio server is reaped then, not at exit).
  let discover: Sent;
  let minimal: Sent | undefined;
  try {
    discover = await send(modernChannel, modern.protocolVersion, () => modern.request('server/discover', {}, { timeoutMs: probeTimeout }));
    if (discover.outcome) {
      const answer = { answer: { result: discover.outcome.result, error: discover.outcome.error, httpStatus: discover.outcome.http?.status } };
      const verdict = classifyProbe(answer, { transport: target.transport, requestedVersion: modern.protocolVersion });
      if (verdict.kind === 'retry') {
        modern.protocolVersion = verdict.version;
        discover = await send(modernChannel, verdict.version, () => modern.request('server/discover', {}, { timeoutMs }));
      }
    }
    const found = discover.outcome?.result;
    if (found) {
      // What every modern host sends at least: only the required _meta keys, and the headers derived from the body.
      const method = isObject(found.capabilities) && isObject(found.capabilities.tools) ? 'tools/list' : 'server/discover';
      const params: JsonObject = { _meta: { [META.protocolVersion]: modern.protocolVersion, [META.clientCapabilities]: {} } };
      const headers = target.transport === 'http' ? modernHeaders({ protocolVersion: modern.protocolVersion, method, params }) : {};
      minimal = await send(modernChannel, modern.protocolVersion, () =>
        modern.raw({ jsonrpc: '2.0', id: 'mcpvet-doctor-minimal', method, params }, { headers, timeoutMs }),
      );
    }
  } finally {
    await modern.close();
  }
  const discovered = discover.outcome?.result;

  const legacyChannel = plan.open();
  const legacy = new LegacyClient(legacyChannel, target, { timeoutMs });
  let initialize: Sent;
  let chosen: string | undefined;
  try {
    initialize = await send(legacyChannel, LATEST_LEGACY_VERSION, () =>
      legacy.request('initialize', { protocolVersion: LATEST_LEGACY_VERSION, capabilities: {}, clientInfo: MCPVET_CLIENT_INFO }, { timeoutMs }),
    );
    const initialized = initialize.outcome?.result;
    chosen = typeof initialized?.protocolVersion === 'string' ? initialized.protocolVersion : undefined;
    if (initialized) await legacy.notify('notifications/initialized').catch(() => undefined);
  } finally {
    // Ends the HTTP session (DELETE) too.
    await legacy.close();
  }

  const modernOk = discovered !== undefined;
  const legacyOk = chosen !== undefined && eraOfVersion(chosen) === 'legacy';
  const serverVersions = [
    ...new Set([
      ...strings(discovered?.supportedVersions),
      ...strings(isObject(discover.outcome?.error?.data) ? discover.outcome.error.data.supported : undefined),
      ...strings(isObject(initialize.outcome?.error?.data) ? initialize.outcome.error.data.supported : undefined),
      ...(chosen ? [chosen] : []),
    ]),
  ];
  return [
    discoverItem(plan, discover, modernOk, legacyOk),
    initializeItem(plan, initialize, chosen, legacyOk, modernOk, serverVersions),
    versionsItem(plan, serverVersions),
    requestItem(plan, minimal),
  ];
}

const curl = (sent: Sent | undefined) => (sent ? curlOf(sent.channel.trace, sent.outcome) : undefined);

function discoverItem(plan: EraPlan, sent: Sent, modernOk: boolean, legacyOk: boolean): DoctorItem {
  const title = 'what server/discover says (the 2026-07-28 era)';
  const extra = { curl: curl(sent) };
  if (modernOk) {
    const listed = strings(sent.outcome?.result?.supportedVersions);
    return item(
      'era.discover',
      title,
      'pass',
      `server/discover (${sent.version}) answered: supportedVersions ${listed.length ? listed.join(', ') : '(not listed)'}`,
      extra,
    );
  }
  const answer = sent.outcome ? describeOutcome(sent.outcome) : `no answer (${sent.failure})`;
  const refusal = sent.outcome ? explainRefusal(sent.outcome, sent.version) : undefined;
  if (refusal && !refusal.supported)
    return item('era.discover', title, 'fail', `server/discover was refused for lack of ${refusal.missing} (${answer})`, {
      ...extra,
      fix: refusalFix(refusal),
    });
  if (plan.era === 'modern' || !legacyOk)
    return item(
      'era.discover',
      title,
      'fail',
      `server/discover got ${answer}: the server does not speak the 2026-07-28 era${legacyOk ? '' : ', and initialize failed too'}`,
      {
        ...extra,
        fix: legacyOk ? 'use a host that speaks the legacy era (initialize), or add server/discover to the server' : 'see era.initialize',
      },
    );
  return item('era.discover', title, 'pass', `server/discover got ${answer}: a legacy-era server (initialize answered instead)`, extra);
}

/** What to do about a refusal: send what is missing, or stop requiring what the spec does not. */
function refusalFix(refusal: Refusal): string {
  switch (refusal.kind) {
    case 'meta':
      return `send ${refusal.names.join(', ')} in _meta (mcpvet sent ${REQUIRED_META.join(', ')} and ${META.clientInfo}), or make the server stop requiring what the spec does not`;
    case 'header':
      return `send ${refusal.names.length ? refusal.names.join(', ') : 'the headers'} matching the body where the spec asks for ${refusal.names.length > 1 ? 'them' : 'it'}, or make the server stop requiring ${refusal.names.length > 1 ? 'them' : 'it'} elsewhere (the reproduce line shows what was sent)`;
    case 'version':
      return `use a host that speaks ${refusal.supported?.[0] ?? 'a version the server supports'}`;
    case 'capability':
      return `declare ${refusal.names.join(', ')} in the client's capabilities (a host that cannot answer such requests cannot use this feature)`;
    default:
      return 'see what the server answered with the reproduce line';
  }
}

function initializeItem(plan: EraPlan, sent: Sent, chosen: string | undefined, legacyOk: boolean, modernOk: boolean, serverVersions: string[]): DoctorItem {
  const title = 'what initialize says (the legacy era, 2024-11-05 to 2025-11-25)';
  const extra = { curl: curl(sent) };
  if (legacyOk) {
    const info = isObject(sent.outcome?.result?.serverInfo) ? sent.outcome.result.serverInfo : {};
    const name = typeof info.name === 'string' ? ` (server ${info.name}${typeof info.version === 'string' ? ` ${info.version}` : ''})` : '';
    return item('era.initialize', title, 'pass', `initialize (offered ${sent.version}) answered with protocolVersion ${chosen}${name}`, extra);
  }
  const answer = sent.outcome ? (chosen ? `protocolVersion ${chosen}, not a legacy version` : describeOutcome(sent.outcome)) : `no answer (${sent.failure})`;
  const modernOnly = serverVersions.filter((version) => eraOfVersion(version) === 'modern');
  const supports = serverVersions.length ? `; the server supports only ${serverVersions.join(', ')}` : '';
  const fail = plan.era === 'legacy' || !modernOk;
  return item('era.initialize', title, fail ? 'fail' : 'warn', `initialize (offered ${sent.version}) was refused: ${answer}${supports}`, {
    ...extra,
    fix:
      modernOnly.length > 0
        ? `the server speaks only ${modernOnly.join(', ')}: use a host (client) that speaks ${modernOnly[0]}, or make the server serve initialize too (the legacy era) for the hosts that do not`
        : 'make the server answer initialize with a protocolVersion it supports',
  });
}

function versionsItem(plan: EraPlan, serverVersions: string[]): DoctorItem {
  const title = 'versions both sides share';
  const host = hostVersions(plan.era);
  const hostWords = plan.era === 'auto' ? 'mcpvet' : `a ${plan.era}-era host (--protocol-era ${plan.era})`;
  if (serverVersions.length === 0)
    return item('era.versions', title, 'skip', 'the server named no protocol version (neither server/discover nor initialize answered one)');
  const shared = serverVersions.filter((version) => host.includes(version));
  const rest = serverVersions.filter((version) => !shared.includes(version));
  if (shared.length > 0)
    return item(
      'era.versions',
      title,
      'pass',
      `shared by the server and ${hostWords}: ${shared.join(', ')}${rest.length ? ` (the server also supports ${rest.join(', ')})` : ''}`,
    );
  return item(
    'era.versions',
    title,
    'fail',
    `no version in common: the server supports only ${serverVersions.join(', ')}; ${hostWords} speaks ${host.join(', ')}`,
    {
      fix: `use a host that speaks ${serverVersions[0]}, or make the server support one of ${host.join(', ')}`,
    },
  );
}

function requestItem(plan: EraPlan, sent: Sent | undefined): DoctorItem {
  const title = 'a request with only the required _meta keys (and headers) is served';
  if (!sent) return item('era.request', title, 'skip', 'server/discover got no result (see era.discover), so no modern request was tried');
  const extra = { curl: curl(sent) };
  if (!sent.outcome) return item('era.request', title, 'fail', `a request with only ${REQUIRED_META.join(', ')} got no answer (${sent.failure})`, extra);
  if (sent.outcome.result)
    return item(
      'era.request',
      title,
      'pass',
      `a request with only ${REQUIRED_META.join(' and ')} in _meta${plan.target.transport === 'http' ? ' and the derived headers' : ''} was served`,
      extra,
    );
  const refusal = explainRefusal(sent.outcome, sent.version);
  const answer = describeOutcome(sent.outcome);
  if (!refusal) return item('era.request', title, 'fail', `a request with only ${REQUIRED_META.join(', ')} in _meta was refused: ${answer}`, extra);
  const extraKey = refusal.kind === 'meta' && !refusal.names.some((key) => (REQUIRED_META as readonly string[]).includes(key));
  return item('era.request', title, 'fail', `a request with only the required _meta keys was refused for lack of ${refusal.missing} (${answer})`, {
    ...extra,
    fix: extraKey
      ? `the spec requires only ${REQUIRED_META.join(' and ')}: the server must not require ${refusal.names.join(', ')} (hosts may leave it out)`
      : refusalFix(refusal),
  });
}
