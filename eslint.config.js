import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';

/**
 * The console's menu sections, each on its own: src/views/<menu url>/, and tasks/, whose two kinds
 * (generation/, publishing/) are two menus around one task lifecycle.
 */
const sections = fs
  .readdirSync('src/views', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** What no view or component imports: the layers under the machines, and the other ways to ask "may I?". */
const viewImportRules = [
  { group: ['axios'], message: 'Views never call axios: send an event to a machine.' },
  {
    group: ['**/services/http', '**/services/http/*'],
    message: 'Views never import the http client: send an event to a machine.',
  },
  { group: ['**/server/**'], message: 'The console talks to the server over HTTP only.' },
  // One way to ask "may I?": the permission mode, the codes and the operator are weighed in one place.
  {
    group: ['**/machines/permissions'],
    importNames: ['hasPermission'],
    message: 'Ask "may I?" with useCan or <Can> (src/app).',
  },
  {
    group: ['**/usePermission', '**/useHoldsRole', '**/Authorized'],
    message: 'Ask "may I?" with useCan or <Can> (src/app).',
  },
];

/**
 * bulletproof-react's per-feature api modules: a menu section (src/views/<section>/) or a shared
 * feature (src/components/<feature>/) reaches the endpoints through its own api.ts only, whose hooks
 * are named for what the user does.
 */
const endpointRules = [
  {
    group: ['**/services/api', '**/services/api/*'],
    message: "Call the server through the section's api.ts: a hook named for what the user does.",
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'server/db/migrations/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The browser never imports server code, and the server never imports the console.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'The console talks to the server over HTTP only.' }] },
      ],
    },
  },
  {
    // One-way data flow (DESIGN.md §1): views talk to machines, never to the http client.
    files: ['src/views/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...viewImportRules, ...endpointRules] }] },
  },
  {
    // A section's (or a shared feature's) api.ts is its one door to the endpoints.
    files: [
      'src/views/**/api.ts',
      'src/components/**/api.ts',
      // Loads ahead runs every page's loadsAhead at the click: the shell's machinery, not a section.
      'src/views/useLoadsAhead.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: viewImportRules }] },
  },
  {
    // One page table: a console address is written once, in contract/paths.ts (the server seeds
    // menus with it) or the page table; everything else names it from there.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/config/pages.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'Literal[value=/^\\/(?!api\\/|admin\\/)[A-Za-z]/]',
          'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/(?!api\\/|admin\\/)[A-Za-z]/]',
        ].map((selector) => ({
          selector,
          message: 'A console address comes from contract/paths.ts (ConsolePath) or the page table (src/config/pages.ts).',
        })),
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src/**'], message: 'The server never imports console code; share through contract/.' }] },
      ],
    },
  },
  {
    // One endpoint table: a route serves an entry of contract/endpoints/ (routesOf, server/http/serve.ts),
    // so its path, input and reply are the ones the console's services are typed with.
    files: ['server/http/routes/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(get|post|put|delete|patch|head|options|all|route)$/][arguments.length>=2]',
          message: 'Declare the endpoint in contract/endpoints/ and serve it with routesOf() from server/http/serve.ts.',
        },
      ],
    },
  },
  {
    // SQL lives only in server/db (DESIGN.md §1): the domain and the jobs call its query modules,
    // never drizzle or the schema themselves.
    files: ['server/domain/**/*.ts', 'server/jobs/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**'], message: 'The server never imports console code; share through contract/.' },
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'SQL lives in server/db: call a query module there.' },
            { group: ['**/db/schema'], message: "The schema is server/db's: call a query module there." },
          ],
        },
      ],
    },
  },
  {
    // Layers (DESIGN.md §1): a route validates, checks who may call and shapes the
    // envelope; the domain holds the rules and calls db/. Machines decide, services do the I/O,
    // views show: none of them reaches into a layer above it.
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './server/http',
              from: './server/db',
              except: ['./connection.ts'],
              message: 'Routes call the domain (server/domain), which calls db/.',
            },
            {
              target: './src/machines',
              from: ['./src/services', './src/views', './src/app'],
              message: 'Machines get their effects injected (setup actors/actions), never import services, views or the app.',
            },
            // The http client hosts one request actor per call (retries, cancel, supersede): the only machine a service runs.
            {
              target: './src/services',
              from: './src/machines',
              except: ['./request.machine.ts'],
              message: 'Services do the I/O; they never import machines (shared value types live in src/shared).',
            },
            { target: './src/services', from: './src/views', message: 'Services never import views.' },
            {
              target: ['./src/components', './src/shared'],
              from: './src/views',
              message: 'Components and shared code serve every view; they never import one.',
            },
            // bulletproof-react's feature folders: what two sections share lives in src/components (UI)
            // or src/shared (values and pure functions), never in one section for another to reach into.
            ...sections.map((section) => ({
              target: `./src/views/${section}`,
              from: './src/views',
              except: [`./${section}`],
              message: `A menu section never imports another: move what ${section}/ needs to src/components or src/shared.`,
            })),
          ],
        },
      ],
    },
  },
);
