// Bundles the server (dist/server/main.js) and the admin command (dist/server/admin.js) and pre-compresses the built pages (brotli and gzip), so
// the server sends static files compressed without spending CPU per request.
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build } from 'esbuild';

/**
 * Packages the bundle leaves in node_modules; every other one the server imports is bundled in, so a
 * start reads and compiles a few files instead of ~670 (on this machine ~0.3 s of a 1.9 s start).
 */
const external = [
  // Read files that sit beside their code: PGlite its WebAssembly and data, pdfkit its font metrics,
  // argon2 its prebuilt native binding (loaded by the first sign-up or sign-in).
  // (pino is bundled: only its transports, which the shop does not use, start a worker from a file.)
  '@electric-sql/pglite',
  'argon2',
  'dejavu-fonts-ttf',
  'pdfkit',
  // Loaded on first use, never during a start: bundling them would only make every start parse them.
  '@aws-sdk/client-s3',
  // The e-invoice writer (with pdf-lib and a spreadsheet reader): imported as Node resolves it, whose
  // ES module names InvoiceService (bundled, esbuild took its CommonJS build, whose export sits on default).
  '@e-invoice-eu/core',
  'better-auth',
  'csv-parse',
  'csv-stringify',
  'file-type',
  'nodemailer',
  'pg',
  'stripe',
  // Fastify requires these only for what the shop does not use: Ajv and fast-json-stringify (zod's
  // compilers replace them, see app.ts) and light-my-request (inject, used by the tests).
  'ajv',
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  'fast-json-stringify',
  'light-my-request',
];

// A build starts from an empty folder: chunk names carry a hash, and old ones would pile up.
await rm('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['src/server/main.ts', 'src/server/cli/admin.ts'],
  outdir: 'dist/server',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: external.flatMap((name) => [name, `${name}/*`]),
  // The bundled CommonJS packages call require(), which an ES module lacks: each output file gets one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  // The application is a chunk that main.js loads while the database opens (a quicker start).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  // Strings, regular expressions and names come out escaped to ASCII (esbuild's default, said here
  // because the pass below relies on it).
  charset: 'ascii',
  logLevel: 'warning',
});

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
// Source maps are for the engineers and never served (web.routes.ts): no compressed copies of them.
const compressible = /\.(js|css|html|svg|json|txt)$/;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * V8 keeps each module's source as a string, and Node 24 loads a module's file as a one-byte string
 * only when every character is ASCII: a single 'Ñ' in a library's regular expression or a '§' in a
 * comment made the application chunk a two-byte string, 10.7 MiB of the heap for 5.3 MB of source,
 * and the server-rendering bundle's text (its dashes and quotes) 2.6 MiB for 1.3 MB (heap snapshots
 * under the soak, December 2026). Every character past ASCII becomes its \u escape, which means the
 * same character in a string, a template, a regular expression or a name, and is text in a comment
 * (a character escaped by a backslash already loses that backslash: '\é' is 'é'). Only the columns of
 * those few lines move in the source maps.
 */
const beyondAscii = /(\\*)([\u0080-\uffff])/g;
const toAscii = (source) =>
  source.replace(beyondAscii, (_, slashes, character) => {
    const kept = slashes.length % 2 === 1 ? slashes.slice(1) : slashes;
    return `${kept}\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
for (const dir of ['dist/server', 'dist/ssr']) {
  for await (const file of files(dir)) {
    if (!file.endsWith('.js')) continue;
    const source = await readFile(file, 'utf8');
    const ascii = toAscii(source);
    if (ascii !== source) await writeFile(file, ascii);
  }
}

let count = 0;
for await (const file of files('dist/client')) {
  if (!compressible.test(file) || (await stat(file)).size < 1024) continue;
  const data = await readFile(file);
  await writeFile(`${file}.br`, await brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, await gz(data, { level: 9 }));
  count += 1;
}
// A new embedded database starts from this migrated, empty one instead of running initdb and every
// migration in WebAssembly (db/database.ts): a first start ~2 s sooner, with less peak memory. Written
// under a temporary name and renamed, so a server starting meanwhile sees the whole file or none.
const template = await PGlite.create('memory://', { extensions: { pg_trgm, fuzzystrmatch } });
await migrate(drizzle(template), { migrationsFolder: 'drizzle' });
const dump = Buffer.from(await (await template.dumpDataDir('gzip')).arrayBuffer());
await template.close();
const { version } = JSON.parse(await readFile('node_modules/@electric-sql/pglite/package.json', 'utf8'));
await writeFile('dist/server/pglite-template.tar.gz.tmp', dump);
await rename('dist/server/pglite-template.tar.gz.tmp', 'dist/server/pglite-template.tar.gz');
await writeFile('dist/server/pglite-template.json.tmp', JSON.stringify({ pglite: version }));
await rename('dist/server/pglite-template.json.tmp', 'dist/server/pglite-template.json');

console.log(
  `server bundled to dist/server (main.js, admin.js, a new database's template); ${count} client files pre-compressed`,
);
