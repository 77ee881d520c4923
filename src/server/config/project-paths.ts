import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

// The server runs from src/ (tsx, tests) and from the bundle in dist/server; both sit below the root.
const root = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

/** Folders the server reads, wherever it runs from. */
export const projectPaths = {
  root,
  migrations: join(root, 'drizzle'),
  content: join(root, 'content'),
  images: join(root, 'content', 'images'),
  client: join(root, 'dist', 'client'),
  /** The server renderer of the public pages (`vite build --ssr`: src/client/entry-server.tsx). */
  pageRenderer: join(root, 'dist', 'ssr', 'entry-server.js'),
  /** A migrated, empty embedded database that `npm run build` makes, and its PGlite version. */
  pgliteTemplate: join(root, 'dist', 'server', 'pglite-template.tar.gz'),
  pgliteTemplateInfo: join(root, 'dist', 'server', 'pglite-template.json'),
  pgliteVersion: join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'),
  /** The fonts invoices are set in (DejaVu Sans: Latin, Greek and Cyrillic scripts). */
  invoiceFonts: join(root, 'node_modules', 'dejavu-fonts-ttf', 'ttf'),
  /** Google's Noto fonts for the scripts DejaVu lacks (documents/pdf-fonts.ts), from the registry. */
  notoFonts: join(root, 'node_modules', '@expo-google-fonts'),
  /** The most common passwords, refused at sign-up and reset (auth/passwords.ts). */
  commonPasswords: join(root, 'src', 'server', 'auth', 'common-passwords.txt'),
};

/** The shop's name as the owner wrote it in content/home.json, for mails and page titles. */
export function readShopName(): string {
  const home = JSON.parse(readFileSync(join(projectPaths.content, 'home.json'), 'utf8')) as {
    brand?: unknown;
  };
  return typeof home.brand === 'string' && home.brand ? home.brand : 'Tool shop';
}

/** The home page's first carousel picture (content/home.json): its largest image, preloaded. */
export function readHeroImage(): string | null {
  const home = JSON.parse(readFileSync(join(projectPaths.content, 'home.json'), 'utf8')) as {
    carousel?: { image?: unknown }[];
  };
  const image = home.carousel?.[0]?.image;
  return typeof image === 'string' && image.startsWith('/') ? image : null;
}
