import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * An area (src/features/<area>) is used by another only through what it offers at its top, never
 * by reaching into its files (issue 39 item 2): otherwise moving a file inside one area breaks
 * another, and an area cannot be added or removed as its folder alone. The areas are found, not listed.
 */
const AREAS = readdirSync(`${import.meta.dirname}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The deep imports that were there when the rule came (area → the other area's files it reads).
 * Each is a debt to pay by giving the other area a face (its index.ts) for what is shared; the list
 * may only shrink: a new deep import fails the lint.
 */
const DEEP_IMPORT_EXCEPTIONS = {
  bills: ['certificates/InvoiceTypeSelect'],
  corporations: [
    'financing/SupplierSigningTab',
    'hotline/CallBar',
    'hotline/CallButton',
    'hotline/CorporationCalls',
    'hotline/HotlineContext',
    'hotline/resources',
    'realname/paths',
  ],
  'credit-notes': ['doc-review/locale', 'doc-review/rules'],
  help: ['content/resources'],
  redemption: ['credit-notes/NotesPage', 'credit-notes/credit-api', 'credit-notes/locale'],
  support: ['messages/live', 'messages/locale', 'messages/message-format'],
};

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const areaBoundaries = AREAS.map((area) => {
  const others = AREAS.filter((other) => other !== area).map(escapeRegex);
  const allowed = (DEEP_IMPORT_EXCEPTIONS[area] ?? []).map(escapeRegex);
  const exempt = allowed.length ? `(?!(?:${allowed.join('|')})$)` : '';
  return {
    files: [`src/features/${area}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?:\\.\\./)+${exempt}(?:${others.join('|')})/.+`,
              message: `An area reads another only through its face (src/features/<area>/index.ts), not its files (eslint.config.js, DEEP_IMPORT_EXCEPTIONS).`,
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-profile',
      'dist-test',
      'node_modules',
      'data',
      '.data-*',
      'test-results',
      'playwright-report',
      'tests/e2e/artifacts',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Copy lives in locales/: a component never hard-codes Chinese text.
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/[\\u4e00-\\u9fff]/]', message: 'Chinese copy belongs in locales/zh-CN, not in a component.' },
        { selector: 'JSXText[value=/[\\u4e00-\\u9fff]/]', message: 'Chinese copy belongs in locales/zh-CN, not in a component.' },
        { selector: 'TemplateElement[value.raw=/[\\u4e00-\\u9fff]/]', message: 'Chinese copy belongs in locales/zh-CN, not in a component.' },
      ],
    },
  },
  ...areaBoundaries,
);
