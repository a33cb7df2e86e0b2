/**
 * URI syntax, directory traversal, a stable resource set, legacy subscriptions and embedded
 * resources: each check passes on the example server and fails (or warns) with its code on a
 * fixture breaking exactly its rule, over stdio and HTTP on 127.0.0.1.
 */
import { describe, expect, it } from 'vitest';
import { expandTemplate, templateProblem, uriProblem } from '../../src/check/probes/resources/uri-syntax.js';
import { traversalProbes } from '../../src/check/probes/resources/traversal.js';
import { exampleHttpServer, expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer } from '../helpers/run.js';

const httpUrl = exampleHttpServer();
const getNote = { calls: { get_note: { id: 'n1' } } };

async function onFixtureHttp(name: string, fn: (url: string) => Promise<void>): Promise<void> {
  const server = await startHttpServer(fixture(name));
  try {
    await fn(server.url);
  } finally {
    await server.stop();
  }
}

describe('RFC 3986 syntax of URIs (unit)', () => {
  it.each(['notes://readme', 'file:///srv/a%20b.txt', 'https://[::1]:8080/x?q=1#f', 'urn:isbn:0451450523', 'git://h/p;v=1'])('accepts %s', (uri) => {
    expect(uriProblem(uri)).toBeUndefined();
  });
  it.each([
    ['notes://read me', 'space'],
    ['notes://caf\u00e9', '"\u00e9"'],
    ['notes://x%zz', '%XX'],
    ['1notes://x', 'scheme'],
    ['/relative/path', 'scheme'],
    ['notes://a#b#c', 'more than one "#"'],
    ['notes://a/[b]', '"["'],
  ])('rejects %s', (uri, words) => {
    expect(uriProblem(uri)).toContain(words);
  });
  it('expands templates before judging them', () => {
    expect(expandTemplate('notes://notes/{id}{?fields}')).toBe('notes://notes/x?v=x');
    expect(templateProblem('notes://notes/{id}')).toBeUndefined();
    expect(templateProblem('notes://notes/{id')).toContain('malformed');
    expect(templateProblem('notes://my notes/{id}')).toContain('space');
  });
  it('climbs out of the directory of listed URIs', () => {
    const uris = traversalProbes(['file:///srv/docs/a.txt']).map((probe) => probe.uri);
    expect(uris).toContain(`file:///srv/docs/${'../'.repeat(12)}etc/passwd`);
    expect(uris.some((uri) => uri.includes('..%2F'))).toBe(true);
  });
});

describe('resources checks on the example server', () => {
  it.each(['resources.uri-syntax', 'resources.path-traversal', 'resources.set-stable'])('%s passes over stdio and HTTP', async (id) => {
    await expectCheck(id, notesStdio(), 'pass');
    await expectCheck(id, httpTarget(httpUrl()), 'pass');
  });

  it('resources.uri-syntax and resources.path-traversal pass in the legacy era', async () => {
    await expectCheck('resources.uri-syntax', notesStdio(), 'pass', { era: 'legacy' });
    await expectCheck('resources.path-traversal', notesStdio(), 'pass', { era: 'legacy' });
  });

  it('resources.legacy-subscribe passes (legacy, stdio and HTTP)', async () => {
    await expectCheck('resources.legacy-subscribe', notesStdio(), 'pass', { era: 'legacy' });
    await expectCheck('resources.legacy-subscribe', httpTarget(httpUrl()), 'pass', { era: 'legacy' });
  });

  it('tools.embedded-resources-capability passes: the server declares resources', async () => {
    await expectCheck('tools.embedded-resources-capability', notesStdio(), 'pass', getNote);
    await expectCheck('tools.embedded-resources-capability', httpTarget(httpUrl()), 'pass', { ...getNote, era: 'legacy' });
  });
});

describe('resources checks on fixtures breaking exactly their rule', () => {
  it('a listed URI with a space is not an RFC 3986 URI', async () => {
    expectFinding(await expectCheck('resources.uri-syntax', fixtureStdio('res-uri-with-space'), 'fail'), 'not-rfc3986');
    expectFinding(await expectCheck('resources.uri-syntax', fixtureStdio('res-uri-with-space'), 'fail', { era: 'legacy' }), 'not-rfc3986');
  });

  it('"../" out of a listed file URI serves /etc/passwd', async () => {
    const result = await expectCheck('resources.path-traversal', fixtureStdio('res-path-traversal'), 'fail');
    expectFinding(result, 'traversal-served');
    expect(result.message).toContain('/etc/passwd');
    await onFixtureHttp('res-path-traversal', async (url) => {
      expectFinding(await expectCheck('resources.path-traversal', httpTarget(url), 'fail', { era: 'legacy' }), 'traversal-served');
    });
  });

  it('a resource set that grows with reads varies as a side effect of other requests', async () => {
    expectFinding(await expectCheck('resources.set-stable', fixtureStdio('res-recently-read'), 'fail'), 'set-differs');
    await onFixtureHttp('res-recently-read', async (url) => {
      // One server for every connection: the change shows on both, and again after the next reads.
      expectFinding(await expectCheck('resources.set-stable', httpTarget(url), 'fail'), 'changes-with-reads');
    });
  });

  it('a declared resources.subscribe that answers -32601', async () => {
    expectFinding(await expectCheck('resources.legacy-subscribe', fixtureStdio('res-subscribe-unimplemented'), 'fail', { era: 'legacy' }), 'not-implemented');
  });

  it('embedded resources without the resources capability warn (SHOULD)', async () => {
    expectFinding(
      await expectCheck('tools.embedded-resources-capability', fixtureStdio('res-embedded-without-capability'), 'warn', getNote),
      'resources-not-declared',
    );
    expectFinding(
      await expectCheck('tools.embedded-resources-capability', fixtureStdio('res-embedded-without-capability'), 'warn', { ...getNote, era: 'legacy' }),
      'resources-not-declared',
    );
  });
});
