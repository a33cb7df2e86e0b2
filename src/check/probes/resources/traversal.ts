/**
 * Directory-traversal probes built from listed URIs, and how a traversal shows in an answer.
 * A probe keeps a listed URI's scheme and directory and climbs out of it with "../" (plain and
 * percent-encoded) towards a file every host of its kind has. Serving that file's tell-tale
 * content is proof of a traversal; any other answer (an error, the listed resource itself, a
 * normalised path inside the root) is not, so the probe raises no false alarm on servers that
 * resolve dot segments correctly.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import type { RpcOutcome } from '../../../client/types.js';

const CLIMB = 12;

/** Files outside any sane resource root, and a signature of their content. */
const TARGETS: { path: string[]; signature: RegExp; name: string }[] = [
  { path: ['etc', 'passwd'], signature: /^root:[^:\n]*:0:0:/m, name: '/etc/passwd' },
  { path: ['windows', 'win.ini'], signature: /^\[(?:fonts|extensions)\]/im, name: 'C:\\Windows\\win.ini' },
];

export interface TraversalProbe {
  uri: string;
  /** The file it aims at, for messages. */
  target: string;
  signature: RegExp;
}

/** The listed URI's scheme-and-directory prefix: everything up to the last "/" of its path. */
function directoryOf(uri: string): string | undefined {
  const cut = uri.search(/[?#]/);
  const base = cut === -1 ? uri : uri.slice(0, cut);
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(base);
  if (!scheme) return undefined;
  const slash = base.lastIndexOf('/');
  // No path after the authority (notes://readme): climb from the authority itself.
  return slash < scheme[0].length ? `${base}/` : base.slice(0, slash + 1);
}

export function traversalProbes(listed: string[], maxBases = 2): TraversalProbe[] {
  const bases = [...new Set(listed.map(directoryOf).filter((base): base is string => !!base))].slice(0, maxBases);
  const probes: TraversalProbe[] = [];
  for (const base of bases) {
    for (const target of TARGETS) {
      const plain = `${'../'.repeat(CLIMB)}${target.path.join('/')}`;
      const encoded = `${'..%2F'.repeat(CLIMB)}${target.path.join('%2F')}`;
      const doubleDot = `${'%2e%2e/'.repeat(CLIMB)}${target.path.join('/')}`;
      const backslash = `${'..%5C'.repeat(CLIMB)}${target.path.join('%5C')}`;
      for (const tail of [plain, encoded, doubleDot, backslash]) probes.push({ uri: base + tail, target: target.name, signature: target.signature });
    }
  }
  return probes;
}

/** The content of a read answer as text: text items as they are, blobs decoded from base64. */
export function servedText(outcome: RpcOutcome): string {
  const contents = isObject(outcome.result) && Array.isArray(outcome.result.contents) ? outcome.result.contents : [];
  return contents
    .map((item) => {
      if (!isObject(item)) return '';
      if (typeof item.text === 'string') return item.text;
      if (typeof item.blob === 'string') return Buffer.from(item.blob, 'base64').toString('utf8');
      return '';
    })
    .join('\n');
}
