import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formPostOf, mergeSlashes, notFoundLocale, routeOf } from '../../host/routes.ts';
import { routeOf as routeOfFile } from '../../host/staticFiles.ts';
import { nginxRouteFiles } from '../../deploy/nginxRoutes.ts';
import { keptQuery } from '../../src/lib/locales.ts';
import { evaluateMaps, interpolate, parseLocations, parseMaps, pickLocation } from './nginxRouting.ts';

/**
 * The routing written for nginx at build answers every request as the table the Node server
 * decides by (host/routes.ts): read here the way nginx reads it, beside the table's answer.
 */
const files = [
  'index.html',
  'en/index.html',
  '404.html',
  'en/404/index.html',
  'returns/error/index.html',
  'returns/page-not-found/index.html',
  'returns/only-cs/index.html',
  'en/returns/error/index.html',
  'en/returns/page-not-found/index.html',
  '_astro/client.abc.js',
  'favicon.svg',
];
const paths = [
  '/',
  '//',
  '/en',
  '/en/',
  '/en//',
  '/returns',
  '/returns/',
  '/returns/error',
  '/returns/error/',
  '/returns//error',
  '/returns/page-not-found',
  '/returns/only-cs',
  '/returns/some/deep/path/',
  '/returns/sent/abc',
  '/returns/sent',
  '/returns/submit',
  '/returns/error/index.html',
  '/en/returns',
  '/en/returns/error',
  '/en/returns/anything/',
  '/en/returns/sent/abc',
  '/en/returns/only-cs',
  '/404',
  '/en/404',
  '/404.html',
  '/en/404/index.html',
  '/index.html',
  '/no/such/page',
  '/en/no/such',
  '/favicon.svg',
  '/_astro/client.abc.js',
  '/_astro/missing.js',
  '/api',
  '/api/countries',
  '/healthz',
  '/readyz',
  '/healthz/',
  '/keystatic',
  '/keystatic/x',
  '/en/api/x',
  '/returnsx',
  '/en/returnsx',
];
const queries = [
  '',
  '?lng=en',
  '?lng=EN&token=t',
  '?token=t&lng=de',
  '?lng=de&lng=en',
  '?LNG=en',
  '?x=1&lng=eN',
];

let client: string;
beforeAll(() => {
  client = mkdtempSync(join(tmpdir(), 'nginx-routes-'));
  for (const file of files) {
    mkdirSync(dirname(join(client, file)), { recursive: true });
    writeFileSync(join(client, file), '<!doctype html>');
  }
});
afterAll(() => rmSync(client, { recursive: true, force: true }));

/** try_files and the Node server both take files only, never a folder. */
const isFile = (path: string) => Boolean(statSync(join(client, path), { throwIfNoEntry: false })?.isFile());
const pages = () => new Set(files.filter((f) => f.endsWith('.html')).map(routeOfFile));

/** What the Node server does with a GET, in words both sides share. */
function viaTable(target: string, editor: boolean): string {
  const url = new URL(`http://site.invalid${target}`);
  const route = routeOf(url, (r) => pages().has(r), editor);
  if (route.kind === 'redirect') return `redirect ${route.location}`;
  if (route.kind === 'node') return 'node';
  if (route.kind === 'page' || route.kind === 'form') return `${route.kind} ${route.path}`;
  if (route.kind === 'file' && !route.path.endsWith('.html') && isFile(route.path))
    return `file ${route.path}`;
  return `notFound ${route.kind === 'notFound' ? route.locale : notFoundLocale(url)}`;
}

const written = new Map<boolean, ReturnType<typeof nginxRouteFiles>>();

/** What nginx does with a request, read from the generated configuration. */
function viaNginx(method: string, target: string, editor: boolean): string {
  const conf = written.get(editor) ?? nginxRouteFiles(client, editor);
  written.set(editor, conf);
  const url = new URL(`http://site.invalid${target}`);
  const uri = mergeSlashes(decodeURIComponent(url.pathname));
  const args = url.search.slice(1);
  const base = { args, uri, request_uri: target, request_method: method, is_args: args ? '?' : '' };
  let vars = evaluateMaps(parseMaps(conf['returns-routes-http.conf']), base);
  if (method === 'POST') return vars['returns_form_post'] === '1' ? 'formPost' : 'no formPost';
  const notFound = () => `notFound ${vars['returns_not_found']?.startsWith('/en/') ? 'en' : 'cs'}`;
  const { location, captures } = pickLocation(parseLocations(conf['returns-routes.conf']), uri);
  vars = { ...vars, ...captures };
  for (const line of location.body) {
    const [directive = '', ...words] = line.split(' ');
    if (directive === 'set') vars[words[0]!.slice(1)] = interpolate(words[1]!, vars);
    if (directive === 'proxy_pass') return 'node';
    if (line.startsWith('return 302 ')) return `redirect ${interpolate(words[1]!, vars)}`;
    // An internal location is not found from outside.
    if (line === 'return 404' || line === 'internal') return notFound();
    if (directive !== 'try_files') continue;
    for (const word of words) {
      if (word === '@returns_form_page') return `form ${vars['returns_form']}`;
      if (word === '=404') return notFound();
      const file = interpolate(word, vars);
      if (!isFile(file)) continue;
      return file.endsWith('.html') ? `page ${routeOfFile(file.slice(1))}` : `file ${file}`;
    }
  }
  throw new Error(`${target} reached ${location.pattern} and nothing answered`);
}

describe('the routing written for nginx', () => {
  for (const editor of [false, true]) {
    it(`answers every GET as the table does${editor ? ', the editor built in' : ''}`, () => {
      const differ = paths
        .flatMap((path) => queries.map((query) => `${path}${query}`))
        .map((target) => [target, viaTable(target, editor), viaNginx('GET', target, editor)])
        .filter(([, table, nginx]) => table !== nginx);
      expect(differ).toEqual([]);
    });
  }

  it('sends a form posted to the Node server where the table takes it, and nowhere else', () => {
    const differ = paths
      .flatMap((path) => queries.map((query) => `${path}${query}`))
      .map((target) => {
        const table = formPostOf(new URL(`http://site.invalid${target}`), (r) => pages().has(r));
        return [target, table ? 'formPost' : 'no formPost', viaNginx('POST', target, false)];
      })
      .filter(([, table, nginx]) => table !== nginx);
    expect(differ).toEqual([]);
  });

  it('keeps the same query on the links marked data-keep-query, however many parameters', () => {
    const maps = parseMaps(nginxRouteFiles(client, false)['returns-routes-http.conf']);
    for (const query of [
      'token=a&lng=en&x=1',
      'lng=en',
      'a=1&b=2&c=3&d=4&e=5&f=6&token=t',
      'lng=de&token=t&lng=en&lng=x',
      'lngx=1&token=t&lng',
      'token=a%2Bb%3D%3D&shop=a%26b',
    ]) {
      const kept = evaluateMaps(maps, { args: query })['returns_kept_args'] ?? '';
      const expected = keptQuery(new URLSearchParams(query));
      expect([...new URLSearchParams(kept)], query).toEqual([...new URLSearchParams(expected)]);
    }
  });
});
