import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../db/pglite-extensions';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { build } from 'esbuild';
import { openDatabase } from '../db/database';
import { projectPaths } from '../config/project-paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite data folder; each test file's database starts as a copy of it. */
    pgliteTemplate: string;
    /** On PostgreSQL (TEST_DATABASE_URL), a migrated database each test file's database is copied from. */
    postgresTemplate: string | null;
    /** A folder with main.js and admin.js bundled from src/server, for tests that start real processes. */
    serverBundle: string;
  }
}

/**
 * Bundles the server the way `npm run build` does (esbuild, a second or less), so tests that start
 * server processes neither depend on a build nor pay tsx's compile time in every process.
 */
async function bundleServer(): Promise<{ folder: string; remove: () => Promise<void> }> {
  const folder = join(
    projectPaths.root,
    'node_modules',
    '.cache',
    `test-server-${randomBytes(4).toString('hex')}`,
  );
  await build({
    entryPoints: { main: 'src/server/main.ts', admin: 'src/server/cli/admin.ts' },
    outdir: folder,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
  });
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

/** Runs a statement on the PostgreSQL server itself (creating and dropping databases). */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Migrates one template database before any test file runs (epic-stack's global setup): test files then
 * start from a copy instead of replaying every migration. PGlite's template is a dump of its data
 * folder; PostgreSQL's is a database that `CREATE DATABASE … TEMPLATE` copies.
 */
export default async function setup(project: TestProject) {
  const bundle = await bundleServer();
  project.provide('serverBundle', bundle.folder);
  const teardown = await setupDatabases(project);
  return async () => {
    await Promise.all([teardown(), bundle.remove()]);
  };
}

async function setupDatabases(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `toolshop_template_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database ${name}`);
    const template = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), dataDir: 'unused' });
    await template.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
  }

  const client = await PGlite.create('memory://', { extensions: await pgliteExtensions() });
  await migrate(drizzle(client), { migrationsFolder: projectPaths.migrations });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const folder = await mkdtemp(join(tmpdir(), 'toolshop-template-'));
  const file = join(folder, 'pglite.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', null);
  return () => rm(folder, { recursive: true, force: true });
}
