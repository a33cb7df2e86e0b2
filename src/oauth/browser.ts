/**
 * Opening the authorization URL: only an http(s) URL, only when a display exists (macOS, or
 * DISPLAY / WAYLAND_DISPLAY elsewhere), and never through a shell (the URL is one argument of
 * `open` / `xdg-open`). The browser outlives mcpvet, so the opener is detached, not reaped.
 */
import { spawn } from 'node:child_process';

export function hasDisplay(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): boolean {
  if (platform === 'darwin') return true;
  if (platform === 'win32') return false; // no opener without a shell there: the URL is printed
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** True when an opener was started (not that a browser showed the page). */
export function openBrowser(url: string): boolean {
  if (!/^https?:\/\//i.test(url) || !hasDisplay()) return false;
  const opener = process.platform === 'darwin' ? 'open' : 'xdg-open';
  try {
    const child = spawn(opener, [url], { detached: true, stdio: 'ignore' });
    child.on('error', () => {});
    child.unref();
    return true;
  } catch {
    return false;
  }
}
