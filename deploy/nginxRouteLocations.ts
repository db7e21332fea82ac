import { locales, localizedPath } from '../src/lib/locales.ts';
import { bodyLimits } from '../host/bodyLimits.ts';
import { routes } from '../host/routes.ts';
import { pcre, proxiedLocations } from './nginxSyntax.ts';

/**
 * The server-level half of nginx's routing, from host/routes.ts: one location per row of the
 * table, in the order nginx needs (regular expressions are tried in the order written).
 */

const proxy = ['proxy_pass http://returns_node;'];

/**
 * A page answered by the Node server with its own CSP and security headers: a location's own
 * add_header keeps the server's set away, and Host keeps its port for the same-origin form check.
 */
const ownHeaders = (pass = 'http://returns_node') => [
  `proxy_pass ${pass};`,
  'proxy_set_header Connection "";',
  'proxy_set_header Host $http_host;',
  'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
  'proxy_set_header X-Forwarded-Proto $scheme;',
  'proxy_hide_header X-Content-Type-Options;',
  'add_header X-Content-Type-Options "nosniff" always;',
];

/**
 * A pre-rendered page's links marked data-keep-query get the query without lng, escaped for HTML
 * by SSI (stock nginx cannot escape otherwise); the SSI command names the variable, so no query
 * text is ever read as a command. `$returns_dollar` is a literal $ (nginxRouteMaps.ts).
 */
const keepQuery = [
  'ssi on;',
  'sub_filter_once off;',
  `sub_filter '" data-keep-query' '<!--# if expr="\${returns_dollar}returns_kept_args" -->?<!--# echo var="returns_kept_args" encoding="entity" --><!--# endif -->" data-keep-query';`,
];

const location = (match: string, body: string[]) => [
  `location ${match} {`,
  ...body.map((l) => `    ${l}`),
  '}',
];

/** The form posted without scripts, to Node; the rewrite to a location of its own applies the body limit. */
const formPost = [
  'if ($returns_form_post) {',
  '    rewrite ^ /.returns-form-post last;',
  '}',
  ...location('= /.returns-form-post', [
    'internal;',
    ...ownHeaders('http://returns_node$request_uri'),
    'proxy_set_header X-Body-Too-Large "";',
    'error_page 413 = @returns_form_too_large;',
  ]),
  '# A form over the limit: its page, with the message, from Node; the body is never sent on.',
  ...location('@returns_form_too_large', [
    ...ownHeaders('http://returns_node$request_uri'),
    'proxy_pass_request_body off;',
    'proxy_set_header Content-Length "";',
    'proxy_set_header X-Body-Too-Large 1;',
  ]),
];

/** Each language's form page: its pre-rendered pages (a trailing slash ignored), else the form from Node. */
function formPages(): string[] {
  return locales.flatMap((locale) => {
    const form = localizedPath(locale, routes.form);
    const english = locale === 'en' ? [] : ['$returns_lang$returns_page/index.html'];
    return location(`~ ^(?<returns_page>${pcre(form)}(/.*[^/])?)/*$`, [
      `set $returns_form ${locale === 'en' ? form : `$returns_lang${form}`};`,
      `try_files ${[...english, '$returns_page/index.html', '@returns_form_page'].join(' ')};`,
      ...keepQuery,
    ]);
  });
}

/** The form page of a link, rendered by Node and kept a minute by its URL (Node says so in Cache-Control). */
const formPage = location('@returns_form_page', [
  ...ownHeaders('http://returns_node$returns_form$is_args$args'),
  'proxy_cache returns_pages;',
  'proxy_cache_key $returns_form$is_args$args;',
  'proxy_cache_lock on;',
  'add_header X-Cache-Status $upstream_cache_status always;',
]);

/** The server-level locations; `notFoundFiles` are the not-found pages' files. */
export function routeLocations(notFoundFiles: { cs: string; en: string }, editor: boolean): string[] {
  const homes = Object.entries(routes.homes).flatMap(([from, to]) =>
    location(from === '/' ? '= /' : `~ ^${pcre(from)}/*$`, [`return 302 ${to}$is_args$args;`]),
  );
  const editorPage = (path: string) => path === routes.editor || path.startsWith(`${routes.editor}/`);
  return [
    ...proxiedLocations(editor).flatMap(({ path, location: match }) =>
      location(match, editorPage(path) ? ownHeaders() : proxy),
    ),
    ...(editor
      ? location(`^~ /api${routes.editor}/`, [`client_max_body_size ${bodyLimits.editor};`, ...proxy])
      : []),
    ...formPost,
    ...location(
      `~ ^(?:${locales.map((l) => pcre(localizedPath(l, routes.onDemand))).join('|')})`,
      ownHeaders(),
    ),
    ...homes,
    ...location('^~ /_astro/', ['try_files $uri =404;']),
    ...formPages(),
    ...formPage,
    ...[notFoundFiles.cs, notFoundFiles.en].flatMap((file) =>
      location(`= ${file}`, ['internal;', ...keepQuery]),
    ),
    '# Pages are reached by their routes only, never as files.',
    ...location('~ \\.html$', ['return 404;']),
    ...location('/', ['try_files $uri =404;']),
    '',
  ];
}
