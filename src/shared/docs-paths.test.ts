import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs name files by path (`server/billing/issued-documents.ts`) or by name (`transitions.ts`),
 * and a renamed or removed file leaves them pointing nowhere. Every path the README and docs/ put in
 * backticks exists (those outside it, ../shared/, aside): one with a folder under the project, `src/` or one of its three sides; a bare
 * file name somewhere in the project's own folders.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const ROOTS = ['', 'src', 'src/server', 'src/client', 'src/shared', 'docs', 'docs/decisions'];
const OWN_FOLDERS = ['src', 'scripts', 'bench', 'content', 'drizzle', 'docs', 'tests', '.ci'];

function markdownFiles(): string[] {
  const inFolder = (folder: string) =>
    readdirSync(join(ROOT, folder))
      .filter((name) => name.endsWith('.md'))
      .map((name) => join(folder, name));
  return ['README.md', ...inFolder('docs'), ...inFolder('docs/decisions')];
}

function allFileNames(): Set<string> {
  const names = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      if (entry.isDirectory()) walk(join(folder, entry.name));
      else names.add(entry.name);
    }
  };
  for (const folder of OWN_FOLDERS) if (existsSync(join(ROOT, folder))) walk(folder);
  // The project's own files at its top (vite.config.ts, package.json).
  for (const entry of readdirSync(ROOT, { withFileTypes: true })) if (entry.isFile()) names.add(entry.name);
  return names;
}

describe('the docs', () => {
  it('name only files that exist', () => {
    const names = allFileNames();
    const missing: string[] = [];
    for (const file of markdownFiles()) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const [, path = ''] of text.matchAll(/`([\w@./-]+\.(?:ts|tsx|mjs|js|sql|md|json|sh))`/g)) {
        // Outside the project (../shared/DESIGN.md): the workplace's, not the repository's.
        if (path.startsWith('../')) continue;
        const found = path.includes('/')
          ? ROOTS.some((root) => existsSync(join(ROOT, root, path)))
          : names.has(basename(path));
        if (!found) missing.push(`${file}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
