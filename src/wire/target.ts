/** How a server is reached: the same shape for every command. */

export interface StdioTarget {
  transport: 'stdio';
  command: string;
  args: string[];
  /** Added to the inherited environment. */
  env?: Record<string, string>;
  cwd?: string;
}

export interface HttpTarget {
  transport: 'http';
  url: string;
  /** Extra request headers (e.g. Authorization), sent on every request. */
  headers?: Record<string, string>;
}

export type Target = StdioTarget | HttpTarget;

export type Transport = Target['transport'];

/** A short human description, for reports (never includes header values or env values). */
export function describeTarget(target: Target): string {
  if (target.transport === 'http') return redactUrl(target.url);
  return [target.command, ...target.args].join(' ');
}

/** Drops credentials and query strings, which often carry tokens. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    parsed.search = parsed.search ? '?REDACTED' : '';
    return parsed.toString();
  } catch {
    return url.replace(/\?.*$/, '?REDACTED');
  }
}
