// ESLint flat config: typescript-eslint's recommended rules everywhere, React's hook rules in the browser apps,
// and the folders' boundaries (ARCHITECTURE.md, Folders) as import rules.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** src/common is shared by the server and both browser apps: no UI framework, web framework or database in it. */
const NOT_IN_COMMON = [
  'react',
  'react-*',
  'react-admin',
  'ra-*',
  '@mui/*',
  '@emotion/*',
  'fastify',
  '@fastify/*',
  'fastify-*',
  'drizzle-orm',
  'drizzle-orm/*',
  'pg',
  '@electric-sql/*',
  'node:*',
];

const COMMON_PATTERNS = [
  {
    group: NOT_IN_COMMON,
    message:
      'src/common is shared by the server and the browser apps: keep it free of UI, web-framework, database and Node imports.',
  },
  {
    group: ['**/server/**', '**/admin/**', '**/shop/**', '**/lib/**'],
    message: 'src/common imports nothing from the server or the browser apps.',
  },
];

const BROWSER_NOT_SERVER = {
  group: ['**/server/**'],
  message: 'Browser code reaches the server through the API, never by import; shared code lives in src/common.',
};

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', '.cache/', 'data/', 'coverage/', 'bench/results/', 'node_modules/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  { files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.tsx'], ...reactHooks.configs.flat['recommended-latest'] },
  {
    files: ['src/common/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: COMMON_PATTERNS }] },
  },
  {
    // A domain's vocabulary and API types cost the browser nothing to import; its zod schemas live in <domain>.schemas.ts.
    files: ['src/common/**/*.ts'],
    ignores: ['src/common/**/*.schemas.ts', 'src/common/text.ts', 'src/common/settings.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...COMMON_PATTERNS,
            {
              group: ['zod', 'viem', 'viem/*', './*.schemas.js', './text.js'],
              message:
                'Keep zod and viem in the *.schemas.ts files, so the browser bundles import vocabularies without them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/admin/**/*.{ts,tsx}', 'src/lib/**/*.ts', 'src/shop/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [BROWSER_NOT_SERVER],
          paths: [
            {
              name: 'react-admin',
              importNames: ['Show', 'Edit'],
              message:
                "A record page is a RecordShow or RecordEdit (components/RecordPage.tsx): without the server it stays, react-admin's goes back to the list.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/admin/components/RecordPage.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [BROWSER_NOT_SERVER] }] },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/admin/**', '**/src/lib/**', '**/src/shop/**'],
              message: 'The server shares only src/common with the browser apps.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every string a request carries goes through the one text type (NUL and lone surrogates refused with a 400).
    files: ['src/common/**/*.ts', 'server/modules/**/*.ts', 'server/lib/**/*.ts', 'server/plugins/**/*.ts'],
    ignores: ['src/common/text.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: 'Use text(), optionalText() or searchText from src/common/text.ts for request text.',
        },
      ],
    },
  },
);
