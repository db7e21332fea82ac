import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What a sender's browser fetches for the form to take over (decision 030): the island and what it
 * imports, followed from the sources. The checks, the country picker and the paid-service dialog
 * come later, each when the sender first needs it, so the takeover stays within its budget.
 */
function takeover(entry: string): { files: string[]; packages: string[]; later: string[] } {
  const files: string[] = [];
  const packages = new Set<string>();
  const later = new Set<string>();
  const visit = (file: string) => {
    if (files.includes(file)) return;
    files.push(file);
    const source = readFileSync(file, 'utf8');
    for (const [, spec = ''] of source.matchAll(
      /^import\s+(?!type\b)(?:[^'";]*?\bfrom\s+)?['"]([^'"]+)['"]/gm,
    )) {
      const target = join(dirname(file), spec);
      if (!spec.startsWith('.')) packages.add(spec);
      else if (existsSync(target)) visit(target);
    }
    for (const [, spec = ''] of source.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g))
      later.add(relative('.', join(dirname(file), spec)));
  };
  visit(entry);
  return { files: files.map((file) => relative('.', file)), packages: [...packages], later: [...later] };
}

describe("the return form's takeover", () => {
  const { files, packages, later } = takeover('src/islands/returnForm/ReturnForm.tsx');

  it('is react-hook-form over the server’s form, without a schema library', () => {
    expect(files).toContain('src/islands/returnForm/useReturnForm.ts');
    expect(packages).toContain('react-hook-form');
    expect(packages.filter((name) => /zod|@hookform\/resolvers/.test(name))).toEqual([]);
  });

  it('leaves the checks, the country picker and the paid-service dialog for when they are needed', () => {
    const deferred = [
      'src/islands/returnForm/schemaResolver.ts',
      'src/islands/returnForm/CountrySelect.tsx',
      'src/islands/returnForm/ConfirmDialog.tsx',
    ];
    expect(later).toEqual(expect.arrayContaining(deferred));
    expect(files.filter((file) => deferred.includes(file))).toEqual([]);
  });

  it('hydrates through a directive that imports nothing', () => {
    expect(takeover('src/islands/intentDirective.ts')).toMatchObject({
      files: ['src/islands/intentDirective.ts'],
      packages: [],
    });
  });
});
