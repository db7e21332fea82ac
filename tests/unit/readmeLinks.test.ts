import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * README is the front door: every link in it and every file or folder of the project it names
 * in code spans leads somewhere, so a moved file shows here instead of in a newcomer's dead end.
 */
const readme = readFileSync('README.md', 'utf8');
const roots = ['src/', 'host/', 'docs/', 'tests/', 'scripts/', 'carrier/', 'deploy/', 'bench/', '.ci/'];

/** A heading's anchor as the Markdown renderers of code hosts make it. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replaceAll(' ', '-');

describe('README', () => {
  it('links only to headings and files that exist', () => {
    const anchors = new Set(Array.from(readme.matchAll(/^#{1,6} (.+)$/gm), (m) => anchorOf(m[1] ?? '')));
    const broken = Array.from(readme.matchAll(/\]\(([^)\s]+)\)/g), (m) => m[1] ?? '').filter((target) => {
      if (/^https?:/.test(target)) return false;
      if (target.startsWith('#')) return !anchors.has(target.slice(1));
      return !existsSync(target.split('#')[0] ?? '');
    });
    expect(broken).toEqual([]);
  });

  it('names only files and folders of the project that exist', () => {
    const named = Array.from(readme.matchAll(/`([^`\s]+)`/g), (m) => m[1] ?? '')
      .filter((span) => roots.some((root) => span.startsWith(root)))
      // Patterns and placeholders (`flow.<cs|en>.txt`, `*.spec.ts`) stand for several files.
      .filter((span) => !/[<>*{}|]/.test(span))
      .map((span) => span.replace(/[.,:;]$/, '').replace(/:\d+$/, ''));
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((path) => !existsSync(path))).toEqual([]);
  });
});
