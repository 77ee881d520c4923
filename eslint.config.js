import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** One-way dependencies between the three source roots (DESIGN §2). */
const boundary = (files, forbidden, ignores = []) => ({
  files,
  ignores,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        // Relative paths only: a package's own 'server' entry (react-dom/server) is no source root.
        patterns: forbidden.map((root) => ({
          regex: `^\\.\\.?/(.*/)?${root}(/|$)`,
          message: `${files[0].split('/')[1]} code must not import from src/${root} (DESIGN §2).`,
        })),
      },
    ],
  },
});

/**
 * The client's layers (bulletproof-react): app composes pages, pages compose features, and a feature
 * stands alone; components/, lib/ and config/ are shared by all and know no feature.
 */
const features = readdirSync('src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const clientLayers = {
  files: ['src/client/**/*.{ts,tsx}'],
  plugins: { import: importPlugin },
  settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } } },
  rules: {
    'import/no-restricted-paths': [
      'error',
      {
        zones: [
          ...features.map((feature) => ({
            target: `./src/client/features/${feature}`,
            from: './src/client/features',
            except: [`./${feature}`],
            message: 'A feature never imports another feature; share through lib/ or compose in a page.',
          })),
          {
            target: ['./src/client/components', './src/client/lib', './src/client/config'],
            from: ['./src/client/features', './src/client/pages', './src/client/app'],
            message: 'Shared client code knows no feature, page or app shell.',
          },
          {
            target: './src/client/features',
            from: ['./src/client/pages', './src/client/app'],
            message: 'Features are composed by pages and the app shell, not the other way round.',
          },
        ],
      },
    ],
  },
};

/**
 * The server's folders in layers: a folder imports only folders listed before it, so no
 * import cycle between folders can come back. Foundation first (settings, the database, HTTP plumbing,
 * who is asking, documents, mail, the audit log), then the domain rules below the features that use
 * them, then the features, then what wires them together. app.ts and main.ts (the root) compose all;
 * tests and test helpers may reach anything. A new folder must be placed here, or lint stops.
 */
const SERVER_LAYERS = [
  ['config', 'db', 'http', 'identity', 'documents', 'mail', 'audit', 'metrics', 'records'],
  ['users', 'pricing', 'stock', 'payments', 'uploads'],
  // Billing (invoices, credit notes, refunds, the ledger, document numbers, every rendering) works
  // from the order it is given; credit (limits, reminders, statements' routes) reads its ledger.
  ['catalog', 'tax', 'billing', 'credit', 'companies', 'webhooks'],
  ['orders', 'quotes', 'lists', 'price-lists', 'reviews', 'newsletter', 'dashboard'],
  ['auth', 'jobs', 'seed', 'system', 'web', 'cli'],
  ['punchout'],
].flat();
// Folders of tests alone (faults/) hold no code for other folders to import.
const holdsCode = (folder) =>
  readdirSync(`src/server/${folder}`).some((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
const serverFolders = readdirSync('src/server', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'test' && holdsCode(entry.name))
  .map((entry) => entry.name);
const unplaced = serverFolders.filter((folder) => !SERVER_LAYERS.includes(folder));
if (unplaced.length > 0) {
  throw new Error(`eslint.config.js: place src/server/${unplaced.join(', ')} in SERVER_LAYERS`);
}
const serverLayers = {
  files: ['src/server/**/*.ts'],
  ignores: ['src/server/**/*.test.ts', 'src/server/test/**'],
  plugins: { import: importPlugin },
  settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } } },
  rules: {
    'import/no-restricted-paths': [
      'error',
      {
        zones: SERVER_LAYERS.map((folder, rank) => ({
          target: `./src/server/${folder}`,
          from: SERVER_LAYERS.slice(rank + 1).map((later) => `./src/server/${later}`),
          message: `src/server/${folder} imports only the folders before it in SERVER_LAYERS (eslint.config.js).`,
        })).filter((zone) => zone.from.length > 0),
      },
    ],
  },
};

/**
 * One module per table for the tables many folders read (CONVENTIONS §13): outside src/server/records,
 * no query starts from, updates, inserts into or deletes from orders, their lines, products, categories,
 * companies, credit notes or refunds; a query of another table may join them for a name or a status.
 */
const recordsOnly = {
  files: ['src/server/**/*.ts'],
  ignores: ['src/server/records/**', 'src/server/**/*.test.ts', 'src/server/test/**'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector:
          'CallExpression[callee.property.name=/^(from|update|insert|delete)$/] > Identifier[name=/^(orders|orderLines|products|categories|companies|creditNotes|creditNoteLines|refunds)$/]',
        message: 'Query this table through its module in src/server/records (one module per table).',
      },
    ],
  },
};

/** One client API convention (CONVENTIONS §14): keys come from queryOptions factories, types from schemas. */
const typedApiResults = {
  selector: 'CallExpression[callee.name="api"] > TSTypeParameterInstantiation > TSTypeLiteral',
  message: 'Type API results with the shared schemas (src/shared/api), not a hand-written shape.',
};
const keysFromFactories = {
  selector: 'Property[key.name="queryKey"]',
  message: "Query keys come from the feature's queryOptions factory (features/*/api), not call sites.",
};
const clientApiConvention = [
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', typedApiResults, keysFromFactories] },
  },
  {
    files: ['src/client/features/*/api/**', 'src/client/lib/**'],
    rules: { 'no-restricted-syntax': ['error', typedApiResults] },
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'drizzle',
      'playwright-report',
      'test-results',
      '.test-output',
      '.cache',
      // The standards bodies' validation kit, copied as it is (tools/validators/README.txt).
      'tools/validators',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // Fastify plugins and handlers are async by contract, whether or not they await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: globals.node,
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'toLocaleString',
          message:
            'Write numbers with shared/numbers.ts (formatUnits, formatUsd): the same in every message, and no ICU start (~20 ms) when a page or the server loads.',
        },
      ],
    },
  },
  clientLayers,
  serverLayers,
  recordsOnly,
  ...clientApiConvention,
  boundary(['src/client/**'], ['server']),
  // Server tests may load the page renderer from source (src/client/entry-server.tsx), as the build does.
  boundary(['src/server/**'], ['client'], ['src/server/**/*.test.ts', 'src/server/test/**']),
  boundary(['src/shared/**'], ['client', 'server']),
);
