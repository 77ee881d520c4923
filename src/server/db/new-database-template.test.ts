// @module-tag database-specific: a brand-new database migrated from nothing
import { PGlite } from '@electric-sql/pglite';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newDatabaseTemplate, readNewDatabaseTemplate, writeDatabaseFromTemplate } from './database';

/** A new embedded database starts from the template `npm run build` makes, and only then. */
describe('the new-database template', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function setup({ made = '0.5.16', installed = '0.5.16' } = {}) {
    dir = mkdtempSync(join(tmpdir(), 'toolshop-template-'));
    const paths = {
      pgliteTemplate: join(dir, 'pglite-template.tar.gz'),
      pgliteTemplateInfo: join(dir, 'pglite-template.json'),
      pgliteVersion: join(dir, 'package.json'),
    };
    writeFileSync(paths.pgliteTemplate, 'template bytes');
    writeFileSync(paths.pgliteTemplateInfo, JSON.stringify({ pglite: made }));
    writeFileSync(paths.pgliteVersion, JSON.stringify({ version: installed }));
    return paths;
  }

  it('is taken for a database not created yet, on disk or in memory', async () => {
    const paths = setup();
    expect(newDatabaseTemplate(join(dir, 'data', 'pglite'), paths)).toBe(paths.pgliteTemplate);
    expect(readNewDatabaseTemplate('memory://', paths)).toBeInstanceOf(Blob);
  });

  it('is never laid over an existing database', () => {
    const paths = setup();
    const location = join(dir, 'existing', 'pglite');
    mkdirSync(location, { recursive: true });
    writeFileSync(join(location, 'PG_VERSION'), '17');
    expect(readNewDatabaseTemplate(location, paths)).toBeUndefined();
  });

  it('is skipped when another PGlite version made it, or when there is none (no build)', () => {
    expect(readNewDatabaseTemplate('memory://', setup({ made: '0.5.15' }))).toBeUndefined();
    rmSync(dir, { recursive: true, force: true });
    const paths = setup();
    rmSync(paths.pgliteTemplate);
    expect(readNewDatabaseTemplate('memory://', paths)).toBeUndefined();
  });

  it('is written into a new folder as files, PG_VERSION last, and opens as the database it holds', async () => {
    dir = mkdtempSync(join(tmpdir(), 'toolshop-template-'));
    const source = await PGlite.create('memory://');
    await source.exec('create table kept (answer int); insert into kept values (42)');
    const template = join(dir, 'template.tar.gz');
    writeFileSync(template, Buffer.from(await (await source.dumpDataDir('gzip')).arrayBuffer()));
    await source.close();

    // A folder a crash left half-written: some files, no PG_VERSION. It is written again.
    const location = join(dir, 'data', 'pglite');
    mkdirSync(join(location, 'base'), { recursive: true });
    writeFileSync(join(location, 'base', 'left-over'), 'half');
    expect(
      newDatabaseTemplate(location, { pgliteTemplate: template, pgliteTemplateInfo: '', pgliteVersion: '' }),
    ).toBeUndefined();
    await writeDatabaseFromTemplate(location, template);
    expect(existsSync(join(location, 'PG_VERSION'))).toBe(true);
    const opened = await PGlite.create(location);
    try {
      expect((await opened.query<{ answer: number }>('select answer from kept')).rows).toEqual([
        { answer: 42 },
      ]);
    } finally {
      await opened.close();
    }
  });

  it('says which folder and template when the template cannot be written', async () => {
    dir = mkdtempSync(join(tmpdir(), 'toolshop-template-'));
    const template = join(dir, 'not-a-tarball.tar.gz');
    writeFileSync(template, 'not a tarball');
    const location = join(dir, 'data', 'pglite');
    await expect(writeDatabaseFromTemplate(location, template)).rejects.toThrow(
      `Could not write the new database into ${location} from ${template}`,
    );
    expect(existsSync(join(location, 'PG_VERSION'))).toBe(false);
  });
});
