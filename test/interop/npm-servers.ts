/**
 * The MCP servers installed from npm as dev dependencies (issue 10), how to start them with
 * nothing leaving the machine, and a run of `check` reduced to what the interop tests pin.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect as connectTcp } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCheckRun } from '../../src/check/run.js';
import type { RunReport } from '../../src/check/types.js';
import type { Era } from '../../src/protocol/versions.js';
import type { Target } from '../../src/wire/target.js';
import { ROOT } from '../helpers/paths.js';
import { closedPort, stopChild } from '../helpers/run.js';

const here = dirname(fileURLToPath(import.meta.url));

export const KUBERNETES_SERVER = join(ROOT, 'node_modules/kubernetes-mcp-server-linux-amd64/bin/kubernetes-mcp-server-linux-amd64');
export const MCP_CRON = join(ROOT, 'node_modules/mcp-cron-linux-amd64/bin/mcp-cron');
export const CONTEXT7 = join(ROOT, 'node_modules/@upstash/context7-mcp/dist/index.js');
/** Preload that binds a listen(port) without a host to 127.0.0.1 (context7 has no bind flag). */
export const BIND_LOOPBACK = join(here, 'bind-loopback.mjs');

/** A scratch HOME (the Go servers write state there) and a kubeconfig whose cluster is a closed port. */
export function scratchHome(): { home: string; kubeconfig: string } {
  const home = mkdtempSync(join(tmpdir(), 'mcpvet-interop-'));
  const kubeconfig = join(home, 'kubeconfig');
  writeFileSync(
    kubeconfig,
    [
      'apiVersion: v1',
      'kind: Config',
      'clusters: [{name: dummy, cluster: {server: "https://127.0.0.1:1", insecure-skip-tls-verify: true}}]',
      'contexts: [{name: dummy, context: {cluster: dummy, user: dummy, namespace: default}}]',
      'current-context: dummy',
      'users: [{name: dummy, user: {token: dummy-token}}]',
      '',
    ].join('\n'),
  );
  return { home, kubeconfig };
}

/** Environment that keeps context7 off the network: its API, OAuth and telemetry point nowhere. */
export const CONTEXT7_ENV: Record<string, string> = {
  OTEL_SDK_DISABLED: 'true',
  CONTEXT7_API_URL: 'http://127.0.0.1:9/api',
  OAUTH_AUTH_SERVER_URL: 'http://127.0.0.1:9',
  EMA_ISSUER: 'http://127.0.0.1:9',
};

export interface HttpServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts a server on a free 127.0.0.1 port (`args(port)`), resolving once the port accepts connections. */
export async function startOnFreePort(command: string, args: (port: number) => string[], env: Record<string, string> = {}, path = '/mcp'): Promise<HttpServer> {
  const port = await closedPort();
  const child: ChildProcess = spawn(command, args(port), { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  // Generous: context7 takes seconds to load its modules, many more on a loaded machine.
  const deadline = Date.now() + 30_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`${command} did not listen on 127.0.0.1:${port} within 30 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: `http://127.0.0.1:${port}${path}`, stop: () => stopChild(child) };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** The ids of a run, by status. */
export interface Findings {
  report: RunReport;
  era: string;
  fail: string[];
  warn: string[];
  error: string[];
  /** What each erroring check said, for the assertion message. */
  errorMessages: string;
  /** The warnings with their messages, for an assertion to show when a pinned list changes. */
  warnMessages: string;
  status(id: string): string | undefined;
}

/** `timeoutMs` per request: a server that is slow to start (a fresh process per check) needs more under load. */
export async function check(target: Target, era: 'auto' | 'legacy' | 'modern' = 'auto', timeoutMs = 5000): Promise<Findings> {
  const report = await runCheckRun(target, { timeoutMs, era });
  const ids = (status: string) =>
    report.results
      .filter((result) => result.status === status)
      .map((result) => result.id)
      .sort();
  const messages = (status: string) =>
    report.results
      .filter((result) => result.status === status)
      .map((result) => `${result.id}: ${result.message}`)
      .join('\n');
  return {
    report,
    era: report.era as Era,
    fail: ids('fail'),
    warn: ids('warn'),
    error: ids('error'),
    errorMessages: messages('error'),
    warnMessages: messages('warn'),
    status: (id) => report.results.find((result) => result.id === id)?.status,
  };
}

/** `ids` without the ones listed: findings judged false alarms are asserted apart (see FINDINGS.md). */
export const without = (ids: string[], falseAlarms: string[]): string[] => ids.filter((id) => !falseAlarms.includes(id));
