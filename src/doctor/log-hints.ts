/** Where the common MCP hosts keep their logs on this OS: printed as a hint, never checked. */
import type { LogHint } from './types.js';

export function logHints(platform: NodeJS.Platform = process.platform): LogHint[] {
  switch (platform) {
    case 'darwin':
      return [
        { host: 'Claude Desktop', where: '~/Library/Logs/Claude/mcp.log and mcp-server-<name>.log' },
        { host: 'Claude Code', where: 'run `claude --debug`, or /mcp in a session' },
        { host: 'VS Code', where: 'Output panel, "MCP: List Servers" → Show Output' },
        { host: 'Cursor', where: 'Output panel, channel "MCP Logs"' },
      ];
    case 'win32':
      return [
        { host: 'Claude Desktop', where: '%APPDATA%\\Claude\\logs\\mcp.log and mcp-server-<name>.log' },
        { host: 'Claude Code', where: 'run `claude --debug`, or /mcp in a session' },
        { host: 'VS Code', where: 'Output panel, "MCP: List Servers" → Show Output' },
        { host: 'Cursor', where: 'Output panel, channel "MCP Logs"' },
      ];
    default:
      return [
        { host: 'Claude Code', where: 'run `claude --debug`, or /mcp in a session' },
        { host: 'VS Code', where: 'Output panel, "MCP: List Servers" → Show Output' },
        { host: 'Cursor', where: 'Output panel, channel "MCP Logs"' },
      ];
  }
}
