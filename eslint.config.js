import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, i18next },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Every user-visible text comes from public/locales: no literal strings in JSX text, nor in the
      // attributes that reach the user (tooltips, placeholders, alternative texts, accessible names, labels).
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'title',
              'placeholder',
              'alt',
              'aria-label',
              'aria-description',
              'aria-valuetext',
              'label',
              'tooltip',
              'message',
              'description',
              'subTitle',
              'okText',
              'cancelText',
              'emptyText',
            ],
          },
          // `t` and `tl` (the `lists` namespace next to a screen's own) are translation calls.
          callees: {
            exclude: [
              'i18n(ext)?',
              't',
              'tl',
              'require',
              'addEventListener',
              'removeEventListener',
              'postMessage',
              'getElementById',
              'dispatch',
              'commit',
              'includes',
              'indexOf',
              'endsWith',
              'startsWith',
            ],
          },
          // Lower-case single tokens inside JSX expressions are option values ('long', '2-digit', 'en'), not text.
          words: { exclude: ['[0-9!-/:-@[-`{-~]+', '[A-Z_-]+', '[a-z0-9][a-z0-9-]*'] },
        },
      ],
    },
  },
  prettier,
);
