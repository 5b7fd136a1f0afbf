import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import directions of ARCHITECTURE §2, as lint rules. Type-only imports of the request context are allowed. */
const restrict = (patterns) => ['error', { patterns: patterns.map((p) => ({ ...p, allowTypeImports: p.allowTypeImports ?? false })) }];

/** Web features never import each other: what two features share lives in components/ or lib/ (bulletproof-react). */
const featureOf = (file) => /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/u.exec(file)?.[1];
const webBoundaries = {
  rules: {
    'no-cross-feature-imports': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const own = featureOf(context.filename);
        const check = (node) => {
          const spec = node.source?.value;
          if (!own || typeof spec !== 'string' || !spec.startsWith('.')) return;
          const target = featureOf(path.resolve(path.dirname(context.filename), spec));
          if (target && target !== own)
            context.report({
              node: node.source,
              message: `Feature ${own} imports feature ${target}: move the shared part to components/ or lib/.`,
            });
        };
        return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/migrations/**', 'tests/e2e/screenshots/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Named exports only.' }],
    },
  },
  {
    files: ['**/*.config.{ts,js}', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['@kelola/server', '@kelola/web', '**/apps/**'], message: 'packages/* never import apps/*.' },
      ]),
    },
  },
  {
    files: ['apps/server/src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/modules/**', '**/flows/**'], message: 'platform holds no business rules: it never imports modules or flows.' },
        { group: ['**/http/**'], message: 'platform may only import types from http.', allowTypeImports: true },
      ]),
    },
  },
  {
    // The manifest drizzle-kit reads to generate migrations lists every module's tables.
    files: ['apps/server/src/platform/db/schema.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/flows/**'], message: 'modules never import flows.' },
        { regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.ts$).+$', message: 'Another module is reached only through its index.ts.' },
        {
          regex: '/http/(?!context\\.ts$|route\\.ts$|refresh-cookie\\.ts$)',
          message: 'modules import from http only the context and route types and the refresh-cookie helpers.',
        },
        { regex: '/http/(?!refresh-cookie\\.ts$)', message: 'modules import only types from http.', allowTypeImports: true },
      ]),
    },
  },
  {
    // A module's index.ts offers services and types: its tables, queries and routes stay inside (ADR 0012).
    files: ['apps/server/src/modules/*/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Named exports only.' },
        {
          selector: "ExportNamedDeclaration[exportKind='value'][source.value=/\\.(schema|repository|routes)\\.ts$/]",
          message: "A module's index.ts does not re-export its schema, repository or routes: export a service function.",
        },
        {
          selector: 'ExportAllDeclaration[source.value=/\\.(schema|repository|routes)\\.ts$/]',
          message: "A module's index.ts does not re-export its schema, repository or routes: export a service function.",
        },
      ],
    },
  },
  {
    files: ['apps/server/src/flows/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { regex: '/modules/[^/]+/(?!index\\.ts$)', message: 'flows reach modules only through their index.ts.' },
      ]),
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Query keys are built by lib/query-keys.ts only, so two features cannot key one resource differently.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/query-keys.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Named exports only.' },
        ...[
          'Property[key.name="queryKey"] > ArrayExpression',
          'Property[key.name="queryKey"] > TSAsExpression > ArrayExpression',
          'CallExpression[callee.property.name=/^(setQueryData|getQueryData|setQueriesData|getQueriesData)$/] > ArrayExpression',
        ].map((selector) => ({ selector, message: 'Build query keys with queryKeys from lib/query-keys.ts.' })),
      ],
    },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/features/**', '**/app/**'], message: 'lib and components never import features or app.' },
      ]),
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { web: webBoundaries },
    rules: {
      'no-restricted-imports': restrict([{ group: ['**/app/**'], message: 'features never import app.' }]),
      'web/no-cross-feature-imports': 'error',
    },
  },
);
