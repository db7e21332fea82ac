import { locales, localizedPath } from '../src/lib/locales.ts';
import { proxiedLocations, pcre } from './nginxSyntax.ts';
import { routes } from '../host/routes.ts';

/**
 * The http-level half of nginx's routing, from host/routes.ts: the variables the locations of
 * deploy/nginxRouteLocations.ts and the frame (deploy/nginx.conf) decide by.
 */

/** How many `lng` parameters the kept query drops; stock nginx cannot loop, and no link carries two. */
const lngRepeats = 4;

/** `$args` without `lng`, one parameter per map, as `keptQuery` (src/lib/locales.ts) drops them all. */
function keptArgs(): string[] {
  const lines: string[] = [];
  for (let i = 1; i <= lngRepeats; i += 1) {
    const from = i === 1 ? '$args' : `$returns_kept_${i - 1}`;
    const to = i === lngRepeats ? '$returns_kept_args' : `$returns_kept_${i}`;
    lines.push(
      `map ${from} ${to} {`,
      `    default ${from};`,
      `    "~^lng(?:=[^&]*)?(?:&(?<returns_rest_${i}>.*))?$" $returns_rest_${i};`,
      `    "~^(?<returns_head_${i}>.*?)&lng(?:=[^&]*)?(?<returns_tail_${i}>&.*)?$" $returns_head_${i}$returns_tail_${i};`,
      '}',
    );
  }
  return lines;
}

/**
 * The form is posted to any path its page answers at: under each language's form page, but not
 * at a pre-rendered page there (`pages`, routes of the build) nor the on-demand ones.
 */
function formPostPattern(pages: readonly string[]): string {
  const alternatives = locales.map((locale) => {
    const form = localizedPath(locale, routes.form);
    const own = pages
      .filter((page) => page.startsWith(`${form}/`))
      .map((page) => page.slice(form.length + 1));
    const onDemand = routes.onDemand.slice(routes.form.length + 1);
    const not = [...own.map((page) => `${pcre(page)}/*$`), pcre(onDemand)].join('|');
    return `${pcre(form)}(?:/(?!${not}).*)?`;
  });
  return `"~^POST (?:${alternatives.join('|')})$"`;
}

/** The http-level maps; `notFoundFiles` are the files of the not-found pages, by language. */
export function routeMaps(
  pages: readonly string[],
  notFoundFiles: { cs: string; en: string },
  editor: boolean,
) {
  return [
    '# ?lng=en, its value in any case, picks the English twin (spec §4); the first lng counts.',
    'map $args $returns_lang {',
    '    default "";',
    '    "~^(?:(?!lng(?:=|&|$))[^&]*&)*lng=(?i:en)(?:&|$)" "/en";',
    '}',
    '',
    "# The not-found page in the request's language (under /en, or with ?lng=en), the query kept.",
    'map "$returns_lang $request_uri" $returns_not_found {',
    `    default ${notFoundFiles.cs}?$args;`,
    `    "~^/en " ${notFoundFiles.en}?$args;`,
    `    "~^ /en(/|\\?|$)" ${notFoundFiles.en}?$args;`,
    '}',
    '',
    "# The query the links marked data-keep-query carry (the return link's token): all of it but lng.",
    ...keptArgs(),
    '',
    '# A literal $ for the SSI command that writes that query into a page, escaped (nginxRouteLocations.ts).',
    'geo $returns_dollar {',
    '    default "$";',
    '}',
    '',
    '# The form page posted without scripts goes to the Node server.',
    'map "$request_method $uri" $returns_form_post {',
    '    default 0;',
    `    ${formPostPattern(pages)} 1;`,
    '}',
    '',
    '# Paths the Node server answers, with its own Cache-Control and Allow.',
    'map $uri $returns_proxied {',
    '    default 0;',
    ...proxiedLocations(editor).map((location) => `    ${location.mapKey} 1;`),
    '}',
    '',
  ];
}
