// @ts-check
import eslintPluginAstro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

/**
 * What a part of the project may not import (decision 039): the reference carrier stands for a
 * carrier's own service, so it reaches the site only over HTTP; the shared packages import neither
 * side. A relative path through `src/` or `carrier/` is the other side's code; static, type-only and
 * dynamic imports alike.
 * @returns {import('eslint').Linter.RulesRecord}
 */
const outside = (/** @type {string[]} */ folders, /** @type {string} */ message) => {
  const regex = `^\\.{1,2}/(?:.*/)?(?:${folders.join('|')})(?:/|$)`;
  return {
    'no-restricted-imports': ['error', { patterns: [{ regex, message }] }],
    'no-restricted-syntax': [
      'error',
      // A selector's regular expression may hold no slash, escaped or not.
      { selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`, message },
    ],
  };
};
const boundaries = [
  {
    // The carrier's own tests test the carrier alone; tests/unit/ beside them compares the two sides.
    files: ['carrier/**', 'tests/unit/carrier/**'],
    rules: outside(
      ['src'],
      'The carrier imports only its own code and packages/ (the contract), never the site.',
    ),
  },
  {
    files: ['packages/**'],
    rules: outside(['src', 'carrier'], 'A shared package imports neither the site nor the carrier.'),
  },
];

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-edge/',
      'bench/fixtures/*/dist/',
      'bench/fixtures/*/.astro/',
      'bench/fixtures/*/node_modules/',
      '.wrangler/',
      '.astro/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'src/i18n/i18n-*',
      'src/i18n/formatters.ts',
    ],
  },
  ...tseslint.configs.strict,
  ...eslintPluginAstro.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...boundaries,
  {
    // Tests index into fixtures they built themselves.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
