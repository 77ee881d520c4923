/**
 * Every path the single-page app answers (the client's router: src/client/app/router.tsx). The server
 * answers any other path with HTTP 404 and the not-found page; a test checks the two lists agree.
 */
const PAGE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/home$/,
  /^\/shop$/,
  /^\/blogs$/,
  /^\/portfolio$/,
  /^\/login$/,
  /^\/register$/,
  /^\/reset-password$/,
  /^\/tools\/[^/]+$/,
  /^\/buyNow\/[^/]+$/,
  /^\/dashboard(\/.*)?$/,
];

/** Whether the app has a page at `path` (without its query), a trailing slash allowed. */
export function isPagePath(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path;
  return PAGE_PATTERNS.some((pattern) => pattern.test(trimmed));
}

/** The public pages a search engine should index, besides one page per product (/tools/{id}). */
export const PUBLIC_PAGES = ['/', '/shop', '/portfolio', '/blogs'] as const;

/**
 * The pages the server renders with their data (entry-server.tsx): the public ones, and any path with
 * no page at all (the not-found page). Signed-in and sign-in pages arrive as the app's shell.
 */
export function isServerRenderedPath(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path;
  return SERVER_RENDERED.some((pattern) => pattern.test(trimmed)) || !isPagePath(path);
}

const SERVER_RENDERED: readonly RegExp[] = [
  /^\/$/,
  /^\/home$/,
  /^\/shop$/,
  /^\/blogs$/,
  /^\/portfolio$/,
  /^\/tools\/[^/]+$/,
];

/** The id of the <script type="application/json"> a server-rendered page carries its data in. */
export const SERVER_DATA_ID = 'server-data';
