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
  // The orders' storage (orders/storage) is the order's own, and below everything that is given
  // orders: only src/server/orders imports the orders tables (ordersOwnTheirTables, below).
  ['config', 'db', 'http', 'identity', 'documents', 'mail', 'audit', 'metrics', 'records', 'orders/storage'],
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
/**
 * What `folder` may not import: every folder after it in SERVER_LAYERS. A room of a later folder that
 * is placed at or before it (orders/storage, in orders) stays importable; a room may import its own
 * folder's other rooms only where the zones below say.
 */
function layerZones(folder, rank) {
  const message = `src/server/${folder} imports only the folders before it in SERVER_LAYERS (eslint.config.js).`;
  const target = `./src/server/${folder}`;
  const later = SERVER_LAYERS.slice(rank + 1).filter((after) => !folder.startsWith(`${after}/`));
  const roomsOf = (after) =>
    SERVER_LAYERS.slice(0, rank + 1)
      .filter((room) => room.startsWith(`${after}/`))
      .map((room) => `./${room.slice(after.length + 1)}`);
  const whole = later
    .filter((after) => roomsOf(after).length === 0)
    // A room of a folder already forbidden whole is forbidden with it.
    .filter((after) => !later.some((outer) => after.startsWith(`${outer}/`)));
  return [
    ...(whole.length > 0 ? [{ target, from: whole.map((after) => `./src/server/${after}`), message }] : []),
    ...later
      .filter((after) => roomsOf(after).length > 0)
      .map((after) => ({ target, from: `./src/server/${after}`, except: roomsOf(after), message })),
  ];
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
        zones: [
          ...SERVER_LAYERS.flatMap(layerZones),
          {
            target: './src/server/orders/storage',
            from: './src/server/orders',
            except: ['./storage'],
            message:
              'src/server/orders/storage is below the order process: it imports nothing else of orders/.',
          },
          {
            target: './src/server/billing',
            from: './src/server/orders',
            message:
              "Billing works from the order it is given (billing/billed-order.ts: BilledOrder, OrderLoader), never from the orders' storage.",
          },
        ],
      },
    ],
  },
};

/**
 * One module per table for the tables many folders read (CONVENTIONS §13): outside src/server/records,
 * no query starts from, updates, inserts into or deletes from products, categories, companies, credit
 * notes or refunds; a query of another table may join them for a name or a status.
 */
const oneModulePerTable = {
  selector:
    'CallExpression[callee.property.name=/^(from|update|insert|delete)$/] > Identifier[name=/^(products|categories|companies|creditNotes|creditNoteLines|refunds)$/]',
  message: 'Query this table through its module in src/server/records (one module per table).',
};
/** The orders tables named in raw SQL, which no import rule sees. */
const ORDERS_TABLES = ['orders', 'orderLines', 'orderEvents', 'shipments', 'shipmentLines'];
const rawOrdersSql = {
  selector:
    'TemplateElement[value.raw=/\\b(from|join|update|into|table)\\s+"?(orders|order_lines|order_events|shipments|shipment_lines)\\b/i]',
  message: 'Only src/server/orders reads and writes the orders tables (orders/storage): ask it.',
};
const serverCode = ['src/server/**/*.ts'];
const notTests = ['src/server/**/*.test.ts', 'src/server/test/**'];
const recordsOnly = [
  {
    files: serverCode,
    ignores: ['src/server/records/**', 'src/server/orders/**', ...notTests],
    rules: { 'no-restricted-syntax': ['error', oneModulePerTable, rawOrdersSql] },
  },
  {
    files: ['src/server/records/**/*.ts'],
    ignores: notTests,
    rules: { 'no-restricted-syntax': ['error', rawOrdersSql] },
  },
  {
    files: ['src/server/orders/**/*.ts'],
    // The orders' storage may join credit notes for the admin's list of them.
    ignores: ['src/server/orders/storage/**', ...notTests],
    rules: { 'no-restricted-syntax': ['error', oneModulePerTable] },
  },
];

/**
 * Orders own their tables (issue 65): only src/server/orders imports the orders tables from the
 * schema, by name or through `import * as`; everything else asks orders/storage, or is given the order
 * (billing's BilledOrder). The schema itself and the migrations' checks (db/) define them.
 */
const ordersOwnTheirTables = {
  files: serverCode,
  ignores: ['src/server/orders/**', 'src/server/db/**', ...notTests],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          // The server's boundary (below), which this rule's options replace for these files.
          {
            regex: '^\\.\\.?/(.*/)?client(/|$)',
            message: 'server code must not import from src/client (DESIGN §2).',
          },
          {
            group: ['**/db/schema'],
            importNames: ORDERS_TABLES,
            message:
              'Only src/server/orders imports the orders tables: ask orders/storage, or take the order you are given.',
          },
        ],
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
  ...recordsOnly,
  ...clientApiConvention,
  boundary(['src/client/**'], ['server']),
  // Server tests may load the page renderer from source (src/client/entry-server.tsx), as the build does.
  boundary(['src/server/**'], ['client'], ['src/server/**/*.test.ts', 'src/server/test/**']),
  ordersOwnTheirTables,
  boundary(['src/shared/**'], ['client', 'server']),
);
