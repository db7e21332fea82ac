import { readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { routes } from '../host/routes.ts';
import { routeOf } from '../host/staticFiles.ts';
import { fileOf } from './nginxHeaders.ts';
import { routeLocations } from './nginxRouteLocations.ts';
import { routeMaps } from './nginxRouteMaps.ts';
import { banner } from './nginxSyntax.ts';

/**
 * Writes nginx's routing from the table the Node host decides by (host/routes.ts), at build,
 * beside the headers (deploy/nginxHeaders.ts): `returns-routes-http.conf` (maps, http level) and
 * `returns-routes.conf` (locations, server level), both included by deploy/nginx.conf.
 */

/** The routes of the pre-rendered pages in a client build. */
function pagesOf(clientDir: string): string[] {
  return readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map(routeOf)
    .sort();
}

/** Both files' text; `editor` when the build has the content editor. */
export function nginxRouteFiles(clientDir: string, editor: boolean) {
  const notFound = (route: string) => {
    const file = fileOf(clientDir, route);
    if (!file) throw new Error(`the build has no not-found page at ${route}`);
    return file;
  };
  const notFoundFiles = { cs: notFound(routes.notFound.cs), en: notFound(routes.notFound.en) };
  return {
    'returns-routes-http.conf': [
      banner('nginxRoutes.ts'),
      ...routeMaps(pagesOf(clientDir), notFoundFiles, editor),
    ].join('\n'),
    'returns-routes.conf': [banner('nginxRoutes.ts'), ...routeLocations(notFoundFiles, editor)].join('\n'),
  };
}

/** Writes both files to `<outDir>/nginx/`. */
export async function writeNginxRoutes(outDir: string, editor: boolean) {
  const dir = join(outDir, 'nginx');
  await mkdir(dir, { recursive: true });
  for (const [name, text] of Object.entries(nginxRouteFiles(join(outDir, 'client'), editor)))
    await writeFile(join(dir, name), text);
}
