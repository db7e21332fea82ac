/**
 * Reads the routing nginx was given (dist/nginx/returns-routes*.conf) the way nginx does, for
 * the parts it uses: `map` with exact and regular-expression keys, and the choice of a
 * `location` (exact, then the longest prefix, then regular expressions in order unless the
 * prefix has ^~). Enough to ask what nginx would do with a request, without nginx.
 */

export type Vars = Record<string, string>;

interface MapBlock {
  source: string;
  target: string;
  fallback: string;
  entries: [key: string, value: string][];
}

export interface Location {
  modifier: string;
  pattern: string;
  body: string[];
}

const unquote = (text: string) => text.replace(/^"(.*)"$/, '$1');

/** `$name` and `${name}` replaced by their values (empty when unknown). */
export const interpolate = (text: string, vars: Vars) =>
  text.replace(/\$\{?(\w+)\}?/g, (_, name: string) => vars[name] ?? '');

/** A PCRE pattern of the configuration as a JavaScript one (the two agree on what is used here). */
const regex = (key: string) =>
  key.startsWith('~*') ? new RegExp(key.slice(2), 'i') : new RegExp(key.slice(1));

export function parseMaps(text: string): MapBlock[] {
  const blocks = text.matchAll(/^map (\S+|"[^"]*") \$(\w+) \{\n([\s\S]*?)\n\}/gm);
  return Array.from(blocks, ([, source = '', target = '', body = '']) => {
    const lines = body.split('\n').map((line) => line.trim().replace(/;$/, ''));
    const entries = lines.map((line): [string, string] => {
      const at = line.startsWith('"') ? line.indexOf('"', 1) + 1 : line.indexOf(' ');
      return [unquote(line.slice(0, at)), unquote(line.slice(at).trim())];
    });
    const fallback = entries.find(([key]) => key === 'default')?.[1] ?? '';
    return { source: unquote(source), target, fallback, entries: entries.filter(([k]) => k !== 'default') };
  });
}

/** Evaluates every map in order into `vars`, as nginx would on first use. */
export function evaluateMaps(maps: MapBlock[], vars: Vars): Vars {
  const out = { ...vars };
  for (const map of maps) {
    const input = interpolate(map.source, out);
    let value: string | undefined;
    for (const [key, candidate] of map.entries) {
      const match = key.startsWith('~') ? regex(key).exec(input) : key === input ? [input] : null;
      if (!match) continue;
      value = interpolate(candidate, { ...out, ...(match as RegExpExecArray).groups });
      break;
    }
    out[map.target] = value ?? interpolate(map.fallback, out);
  }
  return out;
}

export function parseLocations(text: string): Location[] {
  const blocks = text.matchAll(/^location (?:(=|\^~|~\*?) )?(\S+) \{\n([\s\S]*?)\n\}/gm);
  return Array.from(blocks, ([, modifier = '', pattern = '', body = '']) => ({
    modifier,
    pattern,
    body: body.split('\n').map((line) => line.trim().replace(/;$/, '')),
  }));
}

/** The location nginx picks for a URI, and the named captures of its pattern. */
export function pickLocation(locations: Location[], uri: string): { location: Location; captures: Vars } {
  const exact = locations.find((l) => l.modifier === '=' && l.pattern === uri);
  if (exact) return { location: exact, captures: {} };
  const prefixes = locations
    .filter((l) => (l.modifier === '' || l.modifier === '^~') && uri.startsWith(l.pattern))
    .sort((a, b) => b.pattern.length - a.pattern.length);
  const longest = prefixes[0];
  if (longest?.modifier !== '^~') {
    for (const location of locations.filter((l) => l.modifier.startsWith('~'))) {
      const match = new RegExp(location.pattern, location.modifier === '~*' ? 'i' : '').exec(uri);
      if (match) return { location, captures: { ...match.groups } };
    }
  }
  if (!longest) throw new Error(`no location for ${uri}`);
  return { location: longest, captures: {} };
}
