/**
 * Where mcpvet's SARIF results point, and how GitHub tells them apart.
 *
 * GitHub code scanning rejects a result without `locations[0].physicalLocation.artifactLocation.uri`
 * ("locationFromSarifResult: expected artifact location"), reads a relative uri from the repository
 * root, and rejects a uri whose scheme is not `file` (`http:`, or `localhost:` read as a scheme).
 * mcpvet judges a running server, not a line of code, so a result points at, in this order:
 * 1. the file the user names (`--sarif-location`, or lint's `--file`), as given;
 * 2. the script of a stdio command (`node build/index.js`) when it is a file under the working
 *    folder, relative to the repository root (the nearest folder holding `.git`);
 * 3. a pseudo-path made of the target without scheme, port or query (`127.0.0.1/mcp`,
 *    `npx-y-modelcontextprotocol/server-everything`), as live scanners anchor findings for upload
 *    (ZAP's reports are rewritten to host/path, nuclei points at the protocol): it names no file,
 *    GitHub still takes it, and it stays the same from run to run, as an alert's identity needs.
 * Every result is on line 1: nothing finer is known.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Location } from 'sarif';

export interface ArtifactSource {
  /** The repo-relative file the user named (`--sarif-location`, checked by sarifLocationProblem). */
  file?: string;
  /** A file on disk that stands for the server (lint's --file), relative to cwd or absolute. */
  localFile?: string;
  /** How the report names the target: a URL, or the stdio command line. */
  target?: string;
  transport?: string;
}

/** The uri every result of a run points at. */
export function artifactUri(source: ArtifactSource, cwd: string = process.cwd()): string {
  if (source.file !== undefined) return encodePath(normalizeRelative(source.file));
  if (source.localFile !== undefined) {
    const path = resolve(cwd, source.localFile);
    return encodePath(isInside(cwd, path) ? repoRelative(path, cwd) : normalizeRelative(source.localFile));
  }
  if (source.target !== undefined && source.transport !== 'http') {
    const script = scriptOf(source.target, cwd);
    if (script) return encodePath(script);
  }
  return pseudoPath(source.target ?? '', source.transport);
}

/** A physical location on line 1 of that uri, with the logical locations the renderer knows. */
export function locationAt(uri: string, logicalLocations: NonNullable<Location['logicalLocations']>): Location {
  return { physicalLocation: { artifactLocation: { uri }, region: { startLine: 1 } }, logicalLocations };
}

/** Null when `--sarif-location` is a path GitHub can read from the repository root, else why not. */
export function sarifLocationProblem(file: string): string | null {
  if (file.trim() === '') return '--sarif-location takes a file path, not an empty string';
  if (isAbsolute(file) || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(file))
    return `--sarif-location takes a path relative to the repository root (e.g. src/server.ts), not ${file}`;
  if (normalizeRelative(file).split('/').includes('..')) return `--sarif-location takes a path inside the repository, not ${file}`;
  return null;
}

/**
 * GitHub keys an alert on repository, path, rule and `partialFingerprints.primaryLocationLineHash`.
 * upload-sarif computes that hash from line 1 of a file it can read, which would fold every finding
 * of a rule into one alert; it keeps a hash that is present. So mcpvet gives its own, from the rule
 * and the place in the server (tool, pointer, method, code), never from the address, seed or
 * message, which change between runs. Same parts twice in a run: counted, as CodeQL counts
 * identical lines (`hash:1`, `hash:2`).
 */
export function lineHashes(): (parts: readonly unknown[]) => string {
  const seen = new Map<string, number>();
  return (parts) => {
    const hash = createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);
    const count = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, count);
    return `${hash}:${count}`;
  };
}

/** The first argument of the command that is a file under cwd, relative to the repository root. */
function scriptOf(commandLine: string, cwd: string): string | undefined {
  for (const word of commandLine.split(/\s+/).slice(1)) {
    if (word === '' || word.startsWith('-') || word.includes('://')) continue;
    const path = resolve(cwd, word);
    if (isInside(cwd, path) && isFile(path)) return repoRelative(path, cwd);
  }
  return undefined;
}

/** A path under cwd, relative to the repository root (or to cwd outside a repository), with `/`. */
function repoRelative(path: string, cwd: string): string {
  return relative(repositoryRoot(cwd) ?? cwd, path)
    .split(sep)
    .join('/');
}

function repositoryRoot(from: string): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

function pseudoPath(target: string, transport: string | undefined): string {
  let text = target;
  if (transport === 'http') {
    try {
      const url = new URL(target);
      text = `${url.hostname}${url.pathname}`;
    } catch {
      text = target.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\//, '');
    }
  }
  const segments = text
    .replace(/[^A-Za-z0-9._/-]+/g, '-')
    .split('/')
    .map((segment) => segment.replace(/-{2,}/g, '-').replace(/^[-.]+|-+$/g, ''))
    .filter((segment) => segment !== '');
  return segments.join('/').slice(0, 200) || 'mcp-server';
}

function normalizeRelative(file: string): string {
  return file
    .replaceAll('\\', '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
}

const encodePath = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

const isInside = (dir: string, path: string): boolean => {
  const rel = relative(dir, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
};

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
