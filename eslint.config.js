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
  // The import rules of ARCHITECTURE.md ("The rules"), one block per folder: what each part must not import.
  ...layering(),
  prettier,
);

/**
 * The server's parts (ARCHITECTURE.md "The rules"): what each folder of server/ must not import, besides src/. A file
 * matches the last block whose `files` it is in, so each block repeats the rule against src/.
 */
function serverLayers(forbid) {
  const above = (...folders) => [
    ...folders.flatMap((folder) => [`**/${folder}/**`, `../${folder}`, `../../${folder}`]),
    '@/**',
    '**/src/**',
  ];
  const part = (files, folders, message) => forbid(files, [], message, above(...folders));
  // From the bottom; each part may import the parts below it, never one above it. The seed stands beside domain,
  // which it never imports: it writes its rows itself.
  const order = [
    ['errors'],
    ['db', 'storage', 'geometry', 'mail'],
    ['auth'],
    ['http'],
    ['realtime'],
    ['uploads'],
    ['processing'],
    ['domain', 'seed'],
    ['api'],
  ];
  const layer = (index) =>
    order[index].map((folder) => {
      const higher = order.slice(index + 1).flat();
      const beside = { seed: ['domain'], domain: ['seed'] }[folder] ?? [];
      const forbidden = [...higher, ...beside];
      return part(
        [`server/${folder}/**/*.ts`],
        forbidden,
        `server/${folder} never imports server/${forbidden.join(', server/')} (the layers of ARCHITECTURE.md).`,
      );
    });
  return [
    part(['server/**/*.ts'], [], 'server/ imports shared/ only, never src/.'),
    ...order.flatMap((_, index) => layer(index)),
  ];
}

/**
 * `no-restricted-imports` per part. Each part lists the parts it may not import (by alias and by relative
 * path); what is not listed is allowed. Type-only imports follow the same rules.
 */
function layering() {
  const part = (name) => [`@/${name}`, `@/${name}/**`, `**/${name}/**`];
  // Every icon of the portal is a Glyph (src/ui/Glyph.tsx): @ant-design/icons' component is left to antd's own.
  const iconComponents = {
    name: '@ant-design/icons',
    message:
      "Draw the icon with Glyph (src/ui/Glyph.tsx) and its definition from '@ant-design/icons-svg/es/asn/…'.",
  };
  const forbid = (files, parts, message, extra = []) => {
    const group = [...parts.flatMap(part), ...extra];
    return {
      files,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: files.some((glob) => glob.startsWith('src/')) ? [iconComponents] : [],
            patterns: group.length ? [{ group, message }] : [],
          },
        ],
      },
    };
  };
  return [
    forbid(['shared/**/*.ts'], [], 'shared/ imports nothing outside shared/.', [
      '@/**',
      '**/src/**',
      '**/server/**',
    ]),
    // The server's layers (serverLayers): a layer never imports one above it, and no server file imports src/.
    ...serverLayers(forbid),
    forbid(
      ['src/lib/**/*.{ts,tsx}'],
      ['ui', 'providers', 'declarations', 'components', 'resources', 'pages', 'shell'],
      'src/lib imports shared/ and src/lib only.',
    ),
    forbid(
      ['src/ui/**/*.{ts,tsx}'],
      ['providers', 'declarations', 'components', 'resources', 'pages', 'shell'],
      'src/ui imports shared/, src/lib and src/ui only.',
    ),
    forbid(
      ['src/providers/**/*.{ts,tsx}'],
      ['declarations', 'components', 'resources', 'pages', 'shell'],
      'src/providers import shared/, src/lib, src/ui and src/providers only.',
    ),
    forbid(
      ['src/declarations/**/*.{ts,tsx}'],
      ['components', 'resources', 'pages', 'shell'],
      'src/declarations (the declaration API) imports shared/, src/lib and src/providers only (and src/ui/Glyph, ' +
        "which draws an action's icon).",
      ['@/ui/*', '**/ui/*', '!@/ui/Glyph', '!**/ui/Glyph'],
    ),
    forbid(
      ['src/components/**/*.{ts,tsx}'],
      ['resources', 'pages', 'shell'],
      'src/components import shared/, src/lib, src/ui, src/providers and src/declarations, never a resource, ' +
        'a page or the shell.',
    ),
    forbid(
      ['src/resources/**/*.{ts,tsx}'],
      ['pages', 'shell'],
      'src/resources import src/declarations, src/components, src/ui, src/lib, src/providers and shared/, never ' +
        'pages or the shell.',
    ),
    forbid(
      ['src/*.{ts,tsx}', 'src/shell/**/*.{ts,tsx}'],
      [],
      'The shell and the entry may import any layer.',
    ),
    forbid(
      ['src/pages/**/*.{ts,tsx}'],
      ['shell'],
      'src/pages import src/resources, src/declarations, src/components, src/ui, src/lib, src/providers and ' +
        'shared/, never the shell.',
    ),
  ];
}
