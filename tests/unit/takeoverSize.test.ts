import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Half of the 705 lines the takeover and the form's state took on their own machinery (decision 030). */
const lineBudget = 352;

const lines = (path: string) => readFileSync(path, 'utf8').split('\n').length - 1;

describe("the return form's takeover and state, as README names them", () => {
  const readme = readFileSync('README.md', 'utf8');
  const paragraph = /The return form's takeover and state are five files[\s\S]*?gives (\d+) lines\./.exec(
    readme,
  );
  const files = [...(paragraph?.[0].matchAll(/`(src\/[^`]+)`/g) ?? [])].map((match) => match[1] ?? '');

  it('names five files and counts them right', () => {
    expect(files).toHaveLength(5);
    expect(Number(paragraph?.[1])).toBe(files.reduce((sum, file) => sum + lines(file), 0));
  });

  it(`stays within ${lineBudget} lines`, () => {
    expect(Number(paragraph?.[1])).toBeLessThanOrEqual(lineBudget);
  });
});
