import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { carrierConfigSchema } from '../../carrier/config.ts';
import { optionalSecret, siteConfigSchema } from '../../src/server/config.ts';

/**
 * docs/configuration.md is the one list of environment variables: it must name every variable the
 * config schemas declare and the code reads, and nothing that no process reads.
 */
const rows = new Map(
  Array.from(
    readFileSync('docs/configuration.md', 'utf8').matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\|(.+)\|$/gm),
    (m) => {
      const [defaultValue = '', meaning = '', secret = '', readBy = ''] = (m[2] ?? '')
        .split('|')
        .map((c) => c.trim());
      return [m[1] ?? '', { defaultValue, meaning, secret, readBy: readBy.split(', ') }];
    },
  ),
);

const siteShape = siteConfigSchema.shape;
const siteVariables = Object.keys(siteShape);
const siteSecrets = siteVariables.filter(
  (name) => siteShape[name as keyof typeof siteShape] === optionalSecret,
);
const carrierVariables = Object.keys(carrierConfigSchema.shape);

const sourceRoots = ['src', 'carrier', 'scripts', 'tests', '.ci'];
const rootFiles = ['astro.config.mjs', 'keystatic.config.ts', 'chromium.config.ts', 'playwright.config.ts'];
const reads = [
  /process\.env\.([A-Z][A-Z0-9_]*)/g,
  /import\.meta\.env\.([A-Z][A-Z0-9_]*)/g,
  /\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g,
];
const shellReads = /\$\{?([A-Z][A-Z0-9_]*)/g;
// Set by the tools themselves, never by a person: the shell, Vitest and Astro's build flags.
const setByTools = new Set(['PATH', 'VITEST', 'DEV', 'SSR', 'PROD', 'MODE', 'BASE_URL']);
// Read by a dependency, not by the project's own code: the package that reads each.
const readByDependency: Record<string, string> = {
  PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: '@keystatic/astro',
  KEYSTATIC_GITHUB_CLIENT_ID: '@keystatic/astro',
  KEYSTATIC_GITHUB_CLIENT_SECRET: '@keystatic/astro',
  KEYSTATIC_SECRET: '@keystatic/astro',
  ASTRO_TELEMETRY_DISABLED: '@astrojs/telemetry',
  // scripts/serve.ts sets it, so that the adapter's entry hands over its handler instead of listening.
  ASTRO_NODE_AUTOSTART: '@astrojs/node',
};

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const codeFiles = [
  ...sourceRoots.flatMap((root) => filesUnder(root, /(\.(ts|tsx|mjs|astro|sh)|^run)$/)),
  ...rootFiles,
].filter((file) => !file.endsWith('configurationDoc.test.ts'));
const readInCode = new Set(
  codeFiles.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const patterns = /(\.sh|run)$/.test(file) ? [shellReads] : reads;
    return patterns.flatMap((pattern) => Array.from(text.matchAll(pattern), (m) => m[1] ?? ''));
  }),
);
readInCode.forEach((name) => setByTools.has(name) && readInCode.delete(name));

describe('docs/configuration.md', () => {
  it('has a row for every variable of the site server and the carrier', () => {
    expect(siteVariables.length).toBeGreaterThan(20);
    expect(siteVariables.filter((name) => !rows.get(name)?.readBy.includes('site'))).toEqual([]);
    expect(carrierVariables.filter((name) => !rows.get(name)?.readBy.includes('carrier'))).toEqual([]);
  });

  it('has a row for every variable the code reads', () => {
    expect(readInCode.size).toBeGreaterThan(5);
    expect([...readInCode].filter((name) => !rows.has(name))).toEqual([]);
  });

  it('names only variables that something reads', () => {
    const read = new Set([
      ...siteVariables,
      ...carrierVariables,
      ...readInCode,
      ...Object.keys(readByDependency),
    ]);
    expect([...rows.keys()].filter((name) => !read.has(name))).toEqual([]);
  });

  it('names only dependencies that read their variables', () => {
    const missing = Object.entries(readByDependency).filter(([name, pkg]) => {
      const dist = join('node_modules', pkg, 'dist');
      return !filesUnder(dist, /\.js$/).some((file) => readFileSync(file, 'utf8').includes(name));
    });
    expect(missing).toEqual([]);
  });

  it('gives every variable a default, a meaning, whether it is secret and who reads it', () => {
    const readers = new Set(['site', 'build', 'carrier', 'tests', 'bench']);
    const incomplete = [...rows].filter(
      ([, row]) =>
        !row.defaultValue ||
        !row.meaning ||
        !['yes', 'no'].includes(row.secret) ||
        !row.readBy.every((reader) => readers.has(reader)),
    );
    expect(incomplete).toEqual([]);
    expect(siteSecrets.length).toBeGreaterThan(2);
    expect(siteSecrets.filter((name) => rows.get(name)?.secret !== 'yes')).toEqual([]);
  });
});

describe('.env.example', () => {
  const example = readFileSync('.env.example', 'utf8');
  // `NAME=value`, or `# NAME=` for one without a default, each under a comment of its own.
  const entries = Array.from(example.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm), (m) => m[1] ?? '');

  it('lists every variable of the site server and the carrier, each documented', () => {
    const expected = new Set([...siteVariables, ...carrierVariables]);
    expect([...expected].filter((name) => !entries.includes(name))).toEqual([]);
    expect(entries.filter((name) => !rows.has(name))).toEqual([]);
  });

  it('says what each variable is for', () => {
    const lines = example.split('\n');
    const uncommented = entries.filter((name) => {
      let at = lines.findIndex((line) => new RegExp(`^(# )?${name}=`).test(line)) - 1;
      while (at >= 0 && /^(# )?[A-Z][A-Z0-9_]*=/.test(lines[at] ?? '')) at -= 1;
      return !lines[at]?.startsWith('#') || /^# ?-+/.test(lines[at] ?? '');
    });
    expect(uncommented).toEqual([]);
  });
});
