// @ts-check
import eslintPluginAstro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

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
  {
    // Tests index into fixtures they built themselves.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
