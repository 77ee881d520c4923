import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyNewDatabaseTemplate, readNewDatabaseTemplate } from './database';

/** A new embedded database starts from the template `npm run build` makes, and only then. */
describe('the new-database template', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function setup({ made = '0.5.16', installed = '0.5.16' } = {}) {
    dir = mkdtempSync(join(tmpdir(), 'toolshop-template-'));
    const paths = {
      pgliteTemplateDir: join(dir, 'pglite-template'),
      pgliteTemplate: join(dir, 'pglite-template.tar.gz'),
      pgliteTemplateInfo: join(dir, 'pglite-template.json'),
      pgliteVersion: join(dir, 'package.json'),
    };
    mkdirSync(join(paths.pgliteTemplateDir, 'base'), { recursive: true });
    writeFileSync(join(paths.pgliteTemplateDir, 'PG_VERSION'), '17');
    writeFileSync(join(paths.pgliteTemplateDir, 'base', 'table'), 'template pages');
    writeFileSync(paths.pgliteTemplate, 'template bytes');
    writeFileSync(paths.pgliteTemplateInfo, JSON.stringify({ pglite: made }));
    writeFileSync(paths.pgliteVersion, JSON.stringify({ version: installed }));
    return paths;
  }

  it('in memory, is the archive PGlite loads', async () => {
    expect(await readNewDatabaseTemplate(setup())?.text()).toBe('template bytes');
  });

  it('on disk, is copied whole into a folder not created yet or empty, leaving nothing beside it', async () => {
    const paths = setup();
    for (const location of [join(dir, 'new', 'pglite'), join(dir, 'empty', 'pglite')]) {
      if (location.includes('empty')) mkdirSync(location, { recursive: true });
      expect(await copyNewDatabaseTemplate(location, paths)).toBe(true);
      expect(readFileSync(join(location, 'base', 'table'), 'utf8')).toBe('template pages');
      expect(existsSync(`${location}.partial`)).toBe(false);
    }
  });

  it('is never laid over an existing database, nor over a folder holding anything', async () => {
    const paths = setup();
    const existing = join(dir, 'existing', 'pglite');
    mkdirSync(existing, { recursive: true });
    writeFileSync(join(existing, 'PG_VERSION'), '17');
    const other = join(dir, 'other', 'pglite');
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, 'notes.txt'), 'mine');
    for (const location of [existing, other]) {
      expect(await copyNewDatabaseTemplate(location, paths)).toBe(false);
      expect(existsSync(join(location, 'base'))).toBe(false);
    }
  });

  it('is skipped when another PGlite version made it, or when there is none (no build)', async () => {
    const older = setup({ made: '0.5.15' });
    expect(readNewDatabaseTemplate(older)).toBeUndefined();
    expect(await copyNewDatabaseTemplate(join(dir, 'data', 'pglite'), older)).toBe(false);
    rmSync(dir, { recursive: true, force: true });
    const paths = setup();
    rmSync(paths.pgliteTemplate);
    rmSync(paths.pgliteTemplateDir, { recursive: true });
    expect(readNewDatabaseTemplate(paths)).toBeUndefined();
    expect(await copyNewDatabaseTemplate(join(dir, 'data', 'pglite'), paths)).toBe(false);
  });
});
