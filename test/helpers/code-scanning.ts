/**
 * What GitHub code scanning requires of every SARIF result mcpvet writes, asserted by hand until the
 * official SARIF 2.1.0 schema is a devDependency: a physical location with a relative uri and no
 * scheme (upload-sarif rejects "expected artifact location" and a scheme other than file), a
 * region that starts on a line, and the fingerprint GitHub keys alerts on.
 */
import { expect } from 'vitest';

interface SarifLog {
  version: string;
  runs: Array<{ results: Array<Record<string, any>> }>;
}

export function expectCodeScanningResults(log: SarifLog): string[] {
  expect(log.version).toBe('2.1.0');
  const uris: string[] = [];
  for (const run of log.runs) {
    const hashes = new Set<string>();
    for (const result of run.results) {
      const location = result.locations?.[0]?.physicalLocation;
      const where = `${result.ruleId}: ${JSON.stringify(result.locations)}`;
      expect(typeof location?.artifactLocation?.uri, where).toBe('string');
      const uri: string = location.artifactLocation.uri;
      expect(uri, where).toMatch(/^[A-Za-z0-9._~%!$&'()*+,;=@/-]+$/);
      expect(uri, where).not.toMatch(/^[A-Za-z][A-Za-z0-9+.-]*:|^\/|(^|\/)\.\.(\/|$)/);
      expect(location.region?.startLine, where).toBeGreaterThanOrEqual(1);
      const hash = result.partialFingerprints?.primaryLocationLineHash;
      expect(hash, where).toMatch(/^[0-9a-f]{16}:\d+$/);
      // Two results with one hash in one file and rule would be one alert.
      expect(hashes.has(`${result.ruleId} ${uri} ${hash}`), where).toBe(false);
      hashes.add(`${result.ruleId} ${uri} ${hash}`);
      uris.push(uri);
    }
  }
  return uris;
}
