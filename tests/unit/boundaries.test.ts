import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The project's own lint configuration keeps the reference carrier from importing the site, and
 * the shared packages from importing either side (decision 039): a snippet at a path under each
 * is linted as `npm run check` lints it.
 */
let eslint: ESLint;
beforeAll(async () => {
  // The snippets are at paths no file is at, where the type-checked rules have no program; the
  // boundary rules read the imports alone, so they are linted without type information.
  eslint = new ESLint({
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    overrideConfig: tseslint.configs.disableTypeChecked,
  });
  // Loading the configuration and its plugins takes seconds on a busy machine: once, here.
  await eslint.calculateConfigForFile('carrier/main.ts');
}, 60_000);

async function refusals(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  // A snippet lint could not read would pass 'lets … import' by saying nothing.
  const fatal = result?.messages.find((message) => message.fatal);
  if (fatal) throw new Error(`${filePath}: ${fatal.message}`);
  return (result?.messages ?? []).flatMap((message) =>
    message.ruleId === 'no-restricted-imports' || message.ruleId === 'no-restricted-syntax'
      ? [message.message]
      : [],
  );
}

describe('the carrier stands alone', () => {
  it("refuses the site's rules in the carrier", async () => {
    const code =
      "import { driverPickupAllowed } from '../src/lib/rules.ts';\nexport { driverPickupAllowed };\n";
    expect(await refusals(code, 'carrier/pickup.ts')).toEqual([expect.stringContaining('never the site')]);
  });

  it('refuses a type-only, a deeper and a dynamic import of the site alike', async () => {
    const code = [
      "import type { Locale } from '../../src/lib/locales.ts';",
      "export { countries } from '../../src/lib/countries.ts';",
      "export const later = () => import('../../src/lib/rules.ts');",
      'export type { Locale };',
    ].join('\n');
    expect(await refusals(code, 'carrier/http/language.ts')).toHaveLength(3);
  });

  it("refuses the site in the carrier's own tests", async () => {
    const code = "import { locales } from '../../../src/lib/locales.ts';\nexport { locales };\n";
    expect(await refusals(code, 'tests/unit/carrier/languages.test.ts')).toHaveLength(1);
  });

  it('lets the carrier import the contract package and its own modules', async () => {
    const code = [
      "import { headers } from '@parcel-returns/contract';",
      "import { courierCollects } from '../rules.ts';",
      'export { courierCollects, headers };',
    ].join('\n');
    expect(await refusals(code, 'carrier/http/example.ts')).toEqual([]);
  });
});

describe('the shared packages import neither side', () => {
  it.each([
    ['the site', "import { locales } from '../../src/lib/locales.ts';\nexport { locales };\n"],
    ['the carrier', "import { countries } from '../../carrier/countries.ts';\nexport { countries };\n"],
  ])('refuses an import of %s in the contract', async (_side, code) => {
    expect(await refusals(code, 'packages/contract/example.ts')).toEqual([
      expect.stringContaining('neither the site nor the carrier'),
    ]);
  });
});
