/** `mcpvet auth login` run as a user runs it, with a scripted browser at the printed URL. */
import { type ChildProcess, spawn } from 'node:child_process';
import { CLI } from '../helpers/paths.js';
import { type BrowserResult, scriptedBrowser } from './authorization-server.js';

/** Logins still running: the tests stop them in afterEach. */
export const live = new Set<ChildProcess>();

/** `auth login` as a user runs it; `browse` plays the person at the browser with the printed URL. */
export async function login(
  env: Record<string, string>,
  args: string[],
  browse: (url: string) => Promise<BrowserResult | undefined> = (url) => scriptedBrowser(url),
): Promise<{ code: number | null; stderr: string; browser?: BrowserResult; url: string }> {
  const child = spawn(process.execPath, [CLI, 'auth', 'login', '--wait', '15000', ...args], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  live.add(child);
  child.stdin.end();
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no authorization URL printed within 10 s: ${stderr}`)), 10_000);
    const look = () => {
      const match = /^ {2}(http:\/\/\S+)$/m.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    };
    child.stderr.on('data', look);
    void exited.then(() => {
      clearTimeout(timer);
      resolve('');
    });
  });
  const browser = url ? await browse(url) : undefined;
  const code = await exited;
  live.delete(child);
  return { code, stderr, browser, url };
}
