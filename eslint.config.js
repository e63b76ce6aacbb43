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

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What of another area a file may name: its face (`../<area>`, its index.ts), its locale namespace
 * (`../<area>/locale`), a module that adds the area's copy and exports nothing, so that a screen showing
 * another area's labels can have them without the face carrying them into every importer's first load,
 * and its permission strings (`../<area>/permissions`, issue 39 item 1): data only, no React and no
 * import of the area's code, so a screen guarding a button by another area's permission, or a rule
 * naming one, pays nothing for it, and the strings stay declared once, where the area is.
 */
const areaBoundaries = AREAS.map((area) => {
  const others = AREAS.filter((other) => other !== area).map(escapeRegex);
  return {
    files: [`src/features/${area}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?:\\.\\./)+(?:${others.join('|')})/(?!(?:locale|permissions)$).+`,
              message: `An area reads another only through its face (src/features/<area>/index.ts), adds its copy through its locale.ts, or names its permission strings through its permissions.ts; never its other files.`,
            },
          ],
        },
      ],
    },
  };
});

/**
 * The shell and the kit (src/ outside the areas) use an area only through its face too, or its
 * permission strings (its permissions.ts, data only: the system pages' declarations under src/resources
 * and the shipped audit rules name an area's strings); what they take of every area (its pages, task
 * views, processes, resources, permission catalogue) they find by discovery (import.meta.glob over
 * src/features/<area>/<file>.ts), which is no import and names no area.
 */
const shellBoundary = {
  files: ['src/**/*.{ts,tsx}'],
  ignores: ['src/features/**'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `(?:^|/)features/(?:${AREAS.map(escapeRegex).join('|')})/(?!permissions$).+`,
            message: `The shell reads an area only through its face (src/features/<area>/index.ts) or its permission strings (permissions.ts), or finds its declarations by discovery (src/routes/area-pages.ts).`,
          },
        ],
      },
    ],
  },
};

/**
 * The server's areas (server/<area>) likewise: another area is reached through its face, index.ts (its
 * `area` registration and what it offers others), or its tables, schema.ts (a table references another
 * area's table by importing it: the face would bring its routes into every table module and drizzle-kit's
 * read). The platform's folders are not areas: every area builds on them (the database and its schema,
 * the kit's generic CRUD, route declaration and the protocol's guard, the workflow engine, the resources'
 * table files, sealing of sensitive values, the operation log, stored files, exports, shared types, and
 * the auditors' record of declared routes, route bodies' field schemas, serving the built app). A new folder
 * is an area unless named here.
 */
const SERVER_PLATFORM = [
  'db',
  'crud',
  'routes',
  'security',
  'workflow',
  'resources',
  'sensitive',
  'operation-log',
  'files',
  'exports',
  'types',
  'audit',
  'input',
  'front-end',
];
const SERVER_AREAS = readdirSync(`${import.meta.dirname}/server`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !SERVER_PLATFORM.includes(entry.name))
  .map((entry) => entry.name);

const serverAreaBoundaries = SERVER_AREAS.map((area) => {
  const others = SERVER_AREAS.filter((other) => other !== area).map(escapeRegex);
  return {
    files: [`server/${area}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?:\\.\\./)+(?:${others.join('|')})/(?!(?:index|schema)$).+`,
              message: `A server area reads another only through its face (server/<area>/index.ts) or its tables (server/<area>/schema.ts); never its other files.`,
            },
          ],
        },
      ],
    },
  };
});

/** The platform names no area's insides either: server/app.ts, the seed data and the routes read an area's face or tables. */
const serverPlatformBoundary = {
  files: [...SERVER_PLATFORM.map((folder) => `server/${folder}/**/*.ts`), 'server/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(?:\\./|(?:\\.\\./)+)(?:${SERVER_AREAS.map(escapeRegex).join('|')})/(?!(?:index|schema)$).+`,
            message: `The platform reads an area only through its face (server/<area>/index.ts) or its tables (server/<area>/schema.ts); an area plugs in through server/areas.ts.`,
          },
        ],
      },
    ],
  },
};

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
  shellBoundary,
  ...serverAreaBoundaries,
  serverPlatformBoundary,
);
