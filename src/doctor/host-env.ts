/**
 * The environment an MCP host gives a stdio server. Hosts built on the official SDKs pass on only
 * a short list of variables (the TypeScript SDK's `getDefaultEnvironment`), plus the entry's `env`;
 * on macOS a host started from the Dock also has launchd's short PATH, not the shell's.
 */
import { tmpdir } from 'node:os';

const INHERITED: Record<string, readonly string[]> = {
  win32: [
    'APPDATA',
    'HOMEDRIVE',
    'HOMEPATH',
    'LOCALAPPDATA',
    'PATH',
    'PROCESSOR_ARCHITECTURE',
    'SYSTEMDRIVE',
    'SYSTEMROOT',
    'TEMP',
    'USERNAME',
    'USERPROFILE',
    'PROGRAMFILES',
  ],
  default: ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'],
};

/** What launchd gives an app started from the Dock or Finder. */
export const DARWIN_GUI_PATH = '/usr/bin:/bin:/usr/sbin:/sbin';

export function inheritedNames(platform: NodeJS.Platform = process.platform): readonly string[] {
  return INHERITED[platform] ?? INHERITED.default ?? [];
}

export function hostEnvironment(user: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of inheritedNames(platform)) {
    const value = user[name];
    // The SDK skips exported shell functions.
    if (value !== undefined && !value.startsWith('()')) env[name] = value;
  }
  if (platform === 'darwin') env.PATH = DARWIN_GUI_PATH;
  return env;
}

/** A host starts a server in its own working directory: `/` for a desktop app; another one when the user is already there. */
export function hostWorkingDirectory(userCwd: string): string {
  return userCwd === '/' ? tmpdir() : '/';
}
