import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * README is the front door and docs/ the rooms behind it: every link in them and every file or
 * folder of the project they name in code spans leads somewhere, so a moved file shows here
 * instead of in a newcomer's dead end.
 */
const documents = [
  'README.md',
  'carrier/README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const roots = ['src/', 'docs/', 'tests/', 'scripts/', 'carrier/', 'bench/', '.ci/'];

/** A heading's anchor as the Markdown renderers of code hosts make it. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replaceAll(' ', '-');

const anchorsOf = (file: string) =>
  new Set(Array.from(readFileSync(file, 'utf8').matchAll(/^#{1,6} (.+)$/gm), (m) => anchorOf(m[1] ?? '')));

/** Links of a document that lead nowhere: a missing file, or a heading its target does not have. */
function brokenLinks(document: string): string[] {
  const text = readFileSync(document, 'utf8');
  return Array.from(text.matchAll(/\]\(([^)\s]+)\)/g), (m) => m[1] ?? '').filter((target) => {
    if (/^https?:/.test(target)) return false;
    const [path = '', anchor] = target.split('#');
    const file = path ? join(dirname(document), path) : document;
    if (!existsSync(file)) return true;
    return anchor !== undefined && file.endsWith('.md') && !anchorsOf(file).has(anchor);
  });
}

/** Files and folders of the project a document names in code spans, from the project's root. */
function namedPaths(document: string): string[] {
  return (
    Array.from(readFileSync(document, 'utf8').matchAll(/`([^`\s]+)`/g), (m) => m[1] ?? '')
      .filter((span) => roots.some((root) => span.startsWith(root)))
      // Patterns and placeholders (`flow.<cs|en>.txt`, `*.spec.ts`) stand for several files.
      .filter((span) => !/[<>*{}|…]/.test(span))
      .map((span) => span.replace(/[.,:;]$/, '').replace(/:\d+$/, ''))
  );
}

describe.each(documents)('%s', (document) => {
  it('links only to headings and files that exist', () => {
    expect(brokenLinks(document)).toEqual([]);
  });

  it('names only files and folders of the project that exist', () => {
    expect(namedPaths(document).filter((path) => !existsSync(path))).toEqual([]);
  });
});

describe('README', () => {
  it('names files of the project and links to every document under docs/', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(namedPaths('README.md').length).toBeGreaterThan(5);
    expect(documents.filter((document) => !readme.includes(`](${document})`))).toEqual(['README.md']);
  });

  it('names every npm script', () => {
    const scripts = Object.keys(
      (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: object }).scripts,
    );
    const readme = readFileSync('README.md', 'utf8');
    // `npm run bench` does not count for `npm run bench:quick`, nor the other way round.
    const named = (script: string) => new RegExp(`(npm (run )?|\\(\`)${script}(?![\\w:-])`).test(readme);
    expect(scripts.filter((script) => !named(script))).toEqual([]);
  });

  it('lays out every top-level folder, and every folder of src/ and tests/, as they are', () => {
    const readme = readFileSync('README.md', 'utf8');
    const block = /## Code layout\n\n```\n([^`]+)```/.exec(readme)?.[1] ?? '';
    let parent = '';
    const laidOut = Array.from(block.matchAll(/^( *)([\w.[\]-]+)\/(?: |$)/gm), ([, indent, name]) => {
      if (!indent) parent = `${name}/`;
      return indent ? `${parent}${name}` : (name ?? '');
    });
    const ignored = readFileSync('.gitignore', 'utf8')
      .split('\n')
      .map((line) => line.replaceAll('/', ''));
    const folders = (dir: string) =>
      readdirSync(dir, { withFileTypes: true })
        .filter(
          (entry) => entry.isDirectory() && !entry.name.startsWith('.') && !ignored.includes(entry.name),
        )
        .map((entry) => (dir === '.' ? entry.name : `${dir}/${entry.name}`));
    expect(laidOut.filter((folder) => !existsSync(folder))).toEqual([]);
    const expected = [...folders('.'), ...folders('src'), ...folders('tests')];
    expect(expected.filter((folder) => !laidOut.includes(folder))).toEqual([]);
  });
});
