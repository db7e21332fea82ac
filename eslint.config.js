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
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  ...eslintPluginAstro.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Messages print numbers as they are, and an exit code's null or a missing header's undefined.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          allowNumber: true,
          allowNullish: true,
          // The rest as in the preset: the rule's own defaults are looser.
          allowAny: false,
          allowBoolean: false,
          allowNever: false,
          allowRegExp: false,
        },
      ],
      // Async interfaces' implementations (stores, fakes) stay `async` unawaited: what they throw rejects.
      '@typescript-eslint/require-await': 'off',
      // One-call callbacks are arrow shorthands (`() => resolve()`); braces would add nothing.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  ...boundaries,
  {
    // Tests index into fixtures they built themselves.
    files: ['tests/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Asymmetric matchers (`expect.any(String)`) are typed `any`; the other no-unsafe rules stay on.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    // Without type information, and last so that no rule above turns a typed one back on: the Astro
    // parser has no project service (it would build a program of its own and write temporary .tsx
    // files beside the pages), and `astro check` type-checks these files.
    files: ['**/*.astro', '**/*.astro/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
