// Bundles the server (dist/server/main.js) and the admin command (dist/server/admin.js) and pre-compresses the built pages (brotli and gzip), so
// the server sends static files compressed without spending CPU per request.
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts', 'src/server/cli/admin.ts'],
  outdir: 'dist/server',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // The application is a chunk that main.js loads while the database opens (a quicker start).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  logLevel: 'warning',
});

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const compressible = /\.(js|css|html|svg|json|map|txt)$/;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
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
const template = await PGlite.create('memory://', { extensions: { pg_trgm } });
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
