/**
 * Every failure code of the http suite is asserted: for each check, each code its source (or an
 * http probe it imports) can report must appear as a case of the shared runner (test/helpers/
 * http-cases.ts) in test/check/http*.test.ts, so a fixture triggers it. A code no fixture
 * triggers is a verdict nobody has seen fail.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

const SUITE = join(ROOT, 'src/check/suites/http');
const PROBES = join(ROOT, 'src/check/probes/http');
const TESTS = join(ROOT, 'test/check');

const sources = (dir: string): Map<string, string> =>
  new Map(
    readdirSync(dir)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => [basename(name, '.ts'), readFileSync(join(dir, name), 'utf8')]),
  );

/** Codes a source reports itself: violation('code', …) and code: 'code' (probes that hand a code back). */
function ownCodes(source: string): Set<string> {
  const codes = new Set<string>();
  for (const match of source.matchAll(/\bviolation\(\s*'([\w-]+)'|\bcode: '([\w-]+)'/g)) codes.add((match[1] ?? match[2])!);
  return codes;
}

/** The http probes a source imports (by file name, without .ts). */
const probeImports = (source: string): string[] => [...source.matchAll(/from '(?:\.\.\/\.\.\/probes\/http|\.)\/([\w-]+)\.js'/g)].map((match) => match[1]!);

/** Codes of a source and of the http probes it imports, transitively. */
function reachableCodes(source: string, probes: Map<string, string>, seen = new Set<string>()): Set<string> {
  const codes = ownCodes(source);
  for (const name of probeImports(source)) {
    const probe = probes.get(name);
    if (probe === undefined || seen.has(name)) continue;
    seen.add(name);
    for (const code of reachableCodes(probe, probes, seen)) codes.add(code);
  }
  return codes;
}

/** `check id/code` of every case object ({ id: 'http.…', …, code: '…' }) in the http test files. */
function assertedPairs(): Set<string> {
  const pairs = new Set<string>();
  for (const name of readdirSync(TESTS).filter((file) => /^http.*\.test\.ts$/.test(file))) {
    const text = readFileSync(join(TESTS, name), 'utf8');
    for (const match of text.matchAll(/\{ id: '(http\.[\w-]+)'[^}]*?\bcode: '([\w-]+)'/g)) pairs.add(`${match[1]}/${match[2]}`);
  }
  return pairs;
}

describe('http suite failure codes', () => {
  const probes = sources(PROBES);
  const checks = new Map([...sources(SUITE)].filter(([name]) => name !== 'index'));
  const due = [...checks].flatMap(([name, source]) => [...reachableCodes(source, probes)].map((code) => `http.${name}/${code}`));

  it('finds the codes of the suite (the scan itself works)', () => {
    expect(due).toContain('http.foreign-origin-403/foreign-origin-accepted');
    // Reached through probes/http/endpoint-method.ts and then probes/http/unanswered.ts.
    expect(due).toContain('http.get-405/no-answer');
    expect(due.length).toBeGreaterThan(50);
  });

  it('each code is asserted by a case of the shared runner on a fixture', () => {
    const asserted = assertedPairs();
    expect(due.filter((pair) => !asserted.has(pair))).toEqual([]);
  });
});
