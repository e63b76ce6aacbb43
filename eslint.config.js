import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
);
