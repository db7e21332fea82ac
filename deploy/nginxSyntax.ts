import { routes } from '../host/routes.ts';

/** Pieces of nginx syntax the generated routing shares (deploy/nginxRouteMaps.ts, nginxRouteLocations.ts). */

/** A literal path inside a PCRE pattern. */
export const pcre = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A path of the table proxied to Node: its `location` and its key in a `map $uri`. */
export interface ProxiedPath {
  path: string;
  location: string;
  mapKey: string;
}

/** The table's proxied paths (host/routes.ts), the editor's with them when the build has it. */
export function proxiedLocations(editor: boolean): ProxiedPath[] {
  const paths = [...routes.proxied, ...(editor ? [routes.editor, `${routes.editor}/`] : [])];
  return paths.map((path) =>
    path.endsWith('/')
      ? { path, location: `^~ ${path}`, mapKey: `"~^${pcre(path)}"` }
      : { path, location: `= ${path}`, mapKey: path },
  );
}

/** The first line of each generated file. */
export const banner = (module: string) =>
  `# Written by \`astro build\` (deploy/${module}) from host/routes.ts. Do not edit; rebuild instead.`;
