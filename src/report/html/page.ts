/**
 * The shell of every HTML report: one self-contained file with a strict Content-Security-Policy.
 * The inline style and script are allowed by their SHA-256 hash, computed here from the exact text
 * written, so nothing else can run: no 'unsafe-inline', no eval, no network (`default-src 'none'`).
 * Data for the script travels in a JSON block whose `<` are escaped, so no string can close it.
 */
import { createHash } from 'node:crypto';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const hashOf = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** JSON that is safe inside `<script type="application/json">`: no `<`, `>` or `&` survives as such. */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface Page {
  title: string;
  style: string;
  body: string;
  /** The page's script (a constant of mcpvet, never built from report data). */
  script?: string;
  /** What the script reads (`#report-data`). */
  data?: unknown;
}

export function contentSecurityPolicy(page: Pick<Page, 'style' | 'script'>): string {
  const script = page.script ? hashOf(page.script) : "'none'";
  return `default-src 'none'; script-src ${script}; style-src ${hashOf(page.style)}; img-src 'none'; base-uri 'none'; form-action 'none'`;
}

export function renderPage(page: Page): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(page)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.title)}</title>`,
    `<style>${page.style}</style></head><body>`,
    page.body,
    page.data !== undefined ? `<script type="application/json" id="report-data">${jsonForScript(page.data)}</script>` : '',
    page.script ? `<script>${page.script}</script>` : '',
    '</body></html>',
    '',
  ].join('\n');
}
