// Database-specific: a brand-new database migrated from nothing
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readNewDatabaseTemplate } from './database';

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
    expect(await readNewDatabaseTemplate(join(dir, 'data', 'pglite'), paths)?.text()).toBe('template bytes');
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
});
