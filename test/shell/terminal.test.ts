/**
 * `mcpvet shell` driven through a pseudo-terminal, keystroke by keystroke: Tab completion from the
 * server's lists, calls, questions the server asks (both eras) answered by hand, trace, reconnect,
 * a server that dies, bad commands, and leaving with Ctrl-D or exit with nothing left running.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { killLeftovers, leftovers, processMarker } from '../helpers/leftovers.js';
import { fixture, NOTES_SERVER } from '../helpers/paths.js';
import { closedPort, isAlive, startListening } from '../helpers/run.js';
import { tempFiles } from '../helpers/temp-files.js';
import { PtySession } from './pty-session.js';

const PROMPT = 'notes-server> ';
let session: PtySession | undefined;
let marker: Record<string, string> = {};

afterEach(() => {
  session?.kill();
  session = undefined;
  killLeftovers(marker);
});

async function open(extra: string[] = [], target = ['--', process.execPath, NOTES_SERVER]): Promise<PtySession> {
  marker = processMarker();
  session = new PtySession(['shell', ...extra, ...target], { ...marker, XDG_CONFIG_HOME: tempFiles('mcpvet-shell-xdg').dir });
  await session.waitFor(PROMPT);
  return session;
}

describe('Tab completion', () => {
  it('completes a tool name, then its argument names, and the call prints the result', async () => {
    const shell = await open();
    shell.write('call add_\t');
    await shell.waitFor('call add_note ');
    shell.write('ti\t');
    await shell.waitFor('title=');
    shell.write('"Hello world" bo\t');
    await shell.waitFor('body=');
    shell.write('there\r');
    const result = await shell.waitFor(PROMPT);
    expect(result).toContain('"title": "Hello world"');
    expect(result).toContain('"body": "there"');
  });

  it('lists every tool on a second Tab, and the argument names of the tool being called', async () => {
    const shell = await open();
    // The list is fetched once per connection: warm, each Tab is answered at once (a person types slower than a test).
    await shell.run('tools');
    shell.write('call ');
    await shell.waitFor('call ');
    shell.write('\t');
    await new Promise((resolve) => setTimeout(resolve, 300));
    shell.write('\t');
    const list = await shell.waitFor('toggle_extras');
    for (const name of ['add_note', 'delete_note', 'get_note', 'search_notes']) expect(list).toContain(name);
    shell.write('\u0015call search_notes ');
    await shell.waitFor('call search_notes ');
    shell.write('\t');
    await new Promise((resolve) => setTimeout(resolve, 300));
    shell.write('\t');
    const names = await shell.waitFor(/query=[^\n]*\n/);
    expect(names).not.toContain('title=');
  });

  it('a list_changed notification makes Tab fetch the list again (legacy era)', async () => {
    const shell = await open(['--protocol-era', 'legacy']);
    await shell.run('call list_notes');
    expect(await shell.run('call toggle_extras')).toContain('server notification: notifications/tools/list_changed');
    shell.write('call word_\t');
    await shell.waitFor('call word_count ');
  });

  it('completes command names, and a tool that does not exist gives an error line, not a crash', async () => {
    const shell = await open();
    shell.write('disc\t');
    await shell.waitFor('discover ');
    shell.write('\u0015');
    const output = await shell.run('call no_such_tool');
    expect(output).toMatch(/error: tools\/call failed: .*\(the server lists no tool "no_such_tool"\)/);
  });
});

describe('questions the server asks, answered at the terminal', () => {
  it('modern era (input_required): accepting and confirming deletes the note', async () => {
    const shell = await open();
    shell.write('call delete_note id=n2\r');
    await shell.waitFor('the server asks: Delete note n2 ("Groceries")? This cannot be undone.');
    await shell.waitFor('accept, decline or cancel? [accept]');
    shell.write('\r');
    await shell.waitFor('(yes/no, required):');
    shell.write('y\r');
    expect(await shell.waitFor(PROMPT)).toContain('"text": "Deleted note n2"');
  });

  it('modern era: declining leaves the note', async () => {
    const shell = await open();
    shell.write('call delete_note id=n2\r');
    await shell.waitFor('accept, decline or cancel? [accept]');
    shell.write('decline\r');
    expect(await shell.waitFor(PROMPT)).toContain('Note n2 was not deleted: the user did not confirm');
    expect(await shell.run('call get_note id=n2')).toContain('"title": "Groceries"');
  });

  it('a wrong answer is asked again; Ctrl-C at a question cancels it', async () => {
    const shell = await open();
    shell.write('call delete_note id=n3\r');
    await shell.waitFor('accept, decline or cancel? [accept]');
    shell.write('\r');
    await shell.waitFor('(yes/no, required):');
    shell.write('perhaps\r');
    await shell.waitFor('answer yes or no');
    await shell.waitFor('(yes/no, required):');
    shell.write('\u0003');
    expect(await shell.waitFor(PROMPT)).toContain('Note n3 was not deleted');
  });

  it('legacy era (elicitation/create request): answered by hand the same way', async () => {
    const shell = await open(['--protocol-era', 'legacy']);
    expect(await shell.run('era')).toContain('legacy era, protocol version 2025-11-25');
    shell.write('call delete_note id=n1\r');
    await shell.waitFor('the server asks: Delete note n1 ("Welcome")?');
    await shell.waitFor('accept, decline or cancel? [accept]');
    shell.write('a\r');
    await shell.waitFor('(yes/no, required):');
    shell.write('yes\r');
    expect(await shell.waitFor(PROMPT)).toContain('"text": "Deleted note n1"');
  });
});

describe('a legacy server’s question races the request timeout', () => {
  it('unanswered, the request times out on a line of its own and the session goes on', async () => {
    const shell = await open(['--protocol-era', 'legacy', '--timeout', '1500']);
    shell.write('call delete_note id=n2\r');
    await shell.waitFor('(the server waits inside its request: answer within the --timeout, 1.5 s)');
    await shell.waitFor('accept, decline or cancel? [accept] ');
    expect(await shell.waitFor(PROMPT)).toMatch(/^\s*\nerror: no answer within 1500 ms\r?\n/);
    expect(await shell.run('call get_note id=n2')).toContain('"title": "Groceries"');
  });
});

describe('trace, era, discover', () => {
  it('trace shows the frames of the last request, pretty', async () => {
    const shell = await open();
    expect(await shell.run('trace')).toContain('error: nothing was sent yet');
    await shell.run('call get_note id=n1');
    const trace = await shell.run('trace');
    expect(trace).toMatch(/→ request tools\/call #\d+ {2}\+0\.0 ms/);
    expect(trace).toMatch(/← response #\d+ {2}\+\d+\.\d ms/);
    expect(trace).toContain('"name": "get_note"');
    expect(trace).not.toContain('tools/list');
  });

  it('era and discover tell what the connection is', async () => {
    const shell = await open();
    const era = await shell.run('era');
    expect(era).toContain('modern era, protocol version 2026-07-28');
    expect(era).toContain('how: server/discover answered');
    expect(await shell.run('discover')).toMatch(/"supportedVersions": \[/);
  });
});

describe('the connection', () => {
  it('reconnect starts a new server and the session goes on', async () => {
    const shell = await open();
    const [first] = shell.children();
    expect(first).toBeDefined();
    expect(await shell.run('reconnect')).toContain('connected to notes-server 1.0.0');
    const [second] = shell.children();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(isAlive(first as number)).toBe(false);
    expect(await shell.run('call list_notes')).toContain('Groceries');
  });

  it('a server that dies is reported in one line; commands say so; reconnect brings it back', async () => {
    const shell = await open();
    const [server] = shell.children();
    process.kill(server as number, 'SIGKILL');
    const notice = await shell.waitFor(/the server stopped: [^\n]*\n/);
    expect(notice).toContain('the server stopped: it exited with signal SIGKILL; type reconnect to start it again');
    await shell.waitFor(PROMPT);
    expect(await shell.run('tools')).toContain('error: the server is not running (it exited with signal SIGKILL): type reconnect');
    await shell.run('reconnect');
    expect(await shell.run('tools')).toContain('add_note');
  });

  it('an HTTP server that goes away: one error line; once it is back, reconnect works', async () => {
    const port = String(await closedPort());
    let server = await startListening([NOTES_SERVER, '--http', '--port', port]);
    try {
      const shell = await open([], ['--url', server.url]);
      expect(await shell.run('call list_notes')).toContain('Groceries');
      await server.stop();
      const lines = (await shell.run('tools')).split('\n').filter((line) => line.startsWith('error:'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^error: .*(refused|ECONNREFUSED)/i);
      server = await startListening([NOTES_SERVER, '--http', '--port', port]);
      expect(await shell.run('reconnect')).toContain('connected to notes-server 1.0.0');
      expect(await shell.run('tools')).toContain('add_note');
    } finally {
      await server.stop();
    }
  });

  it('bad commands give one line and the prompt stays', async () => {
    const shell = await open();
    const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '' && !line.includes(PROMPT));
    expect(lines(await shell.run('frobnicate'))).toEqual(['error: unknown command "frobnicate": type help\r']);
    expect(lines(await shell.run('call get_note id'))).toEqual(['usage: argument takes key=value, not "id"\r']);
    expect(lines(await shell.run('call search_notes query=x limit=many'))).toEqual(['usage: argument limit=many: the tool expects integer\r']);
    expect(lines(await shell.run('call add_note title="unterminated'))).toEqual(['usage: unterminated " quote\r']);
    expect(lines(await shell.run('read'))).toEqual(['usage: read URI\r']);
    expect(await shell.run('call list_notes')).toContain('Welcome');
  });
});

describe('leaving', () => {
  it('Ctrl-D quits with exit 0 and leaves no process', async () => {
    const shell = await open();
    await shell.run('tools');
    shell.write('\u0004');
    expect(await shell.exitCode()).toBe(0);
    expect(await leftovers(marker, 3000)).toEqual([]);
  });

  it('exit quits with exit 0 and leaves no process, also after a reconnect', async () => {
    const shell = await open();
    await shell.run('reconnect');
    shell.write('exit\r');
    expect(await shell.exitCode()).toBe(0);
    expect(await leftovers(marker, 3000)).toEqual([]);
  });

  it('Ctrl-C while a request waits cancels it; the session goes on', async () => {
    marker = processMarker();
    session = new PtySession(['shell', '--timeout', '60000', '--', process.execPath, fixture('cancel-never-answers')], {
      ...marker,
      XDG_CONFIG_HOME: tempFiles('mcpvet-shell-xdg').dir,
    });
    const shell = session;
    await shell.waitFor('> ');
    shell.write('prompt never_answered\r');
    await shell.waitFor('prompt never_answered');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    shell.write('\u0003');
    expect(await shell.waitFor(/error: [^\n]*\n/)).toContain('error: the request was cancelled');
    expect(Date.now() - started).toBeLessThan(5000);
    await shell.waitFor('> ');
    expect(await shell.run('era', '> ')).toContain('modern era');
  });

  it('Ctrl-C on a typed line clears it and does not quit', async () => {
    const shell = await open();
    shell.write('call something');
    await shell.waitFor('call something');
    shell.write('\u0003');
    await shell.waitFor(PROMPT);
    expect(await shell.run('era')).toContain('modern era');
  });
});
