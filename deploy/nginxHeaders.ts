import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { applySecurityHeaders, withOwnScriptHashes } from '../host/securityHeaders.ts';

/**
 * Writes the header part of deploy/nginx.conf that depends on the build: each page's
 * Content-Security-Policy (its script hashes change with every build) and the headers every
 * response carries. Both are taken from host/securityHeaders.ts, so nginx and the Node
 * server send the same headers.
 */

/** The headers the Node server sets for a page with `pageCsp` (or for anything else, without one). */
function headersFor(pageCsp?: string): Map<string, string> {
  const headers = new Map<string, string>();
  const recorder = { setHeader: (name: string, value: string) => headers.set(name, value) };
  applySecurityHeaders(recorder as unknown as ServerResponse, pageCsp);
  return headers;
}

/** An nginx string; nothing in a header value may end it or start a variable. */
function quoted(value: string): string {
  if (/["$\\\n\r]/.test(value)) throw new Error(`cannot write ${value} into the nginx configuration`);
  return `"${value}"`;
}

/** The file nginx serves for a page route: `/returns` is `/returns/index.html`, `/404` is `/404.html`. */
export function fileOf(clientDir: string, route: string): string | undefined {
  return [`${route}/index.html`, `${route}.html`].find((file) => existsSync(join(clientDir, file)));
}

const banner = '# Written by `astro build` (deploy/nginxHeaders.ts). Do not edit; rebuild instead.';

/** `returns-csp.conf` (http level: the policy by served file) and `returns-headers.conf` (server level). */
export function nginxHeaderFiles(clientDir: string, cspByRoute: ReadonlyMap<string, string>) {
  const pages = [...cspByRoute]
    .map(([route, csp]) => {
      const file = fileOf(clientDir, route);
      const own = file && withOwnScriptHashes(csp, readFileSync(join(clientDir, file), 'utf8'));
      return [file, own && headersFor(own).get('Content-Security-Policy')];
    })
    .filter((page): page is [string, string] => page[0] !== undefined && page[1] !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  const fallback = headersFor();
  const csp = [
    banner,
    '# $uri is the file being served by then (after try_files and error_page).',
    'map $uri $returns_csp {',
    `    default ${quoted(fallback.get('Content-Security-Policy') ?? '')};`,
    ...pages.map(([file, policy]) => `    ${quoted(file)} ${quoted(policy)};`),
    '}',
    '',
  ].join('\n');
  const common = [...fallback].filter(([name]) => name !== 'Content-Security-Policy');
  const headers = [
    banner,
    ...common.map(([name, value]) => `add_header ${name} ${quoted(value)} always;`),
    'add_header Content-Security-Policy $returns_csp always;',
    '# The Node server behind sets the same headers on what it answers: send each once.',
    ...[...fallback.keys()].map((name) => `proxy_hide_header ${name};`),
    '',
  ].join('\n');
  return { 'returns-csp.conf': csp, 'returns-headers.conf': headers };
}

/** Writes both files to `<outDir>/nginx/`. */
export async function writeNginxHeaders(outDir: string, cspByRoute: ReadonlyMap<string, string>) {
  const dir = join(outDir, 'nginx');
  await mkdir(dir, { recursive: true });
  for (const [name, text] of Object.entries(nginxHeaderFiles(join(outDir, 'client'), cspByRoute)))
    await writeFile(join(dir, name), text);
}
