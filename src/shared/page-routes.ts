/**
 * The pages anyone may open, which the server renders with their data (client/entry-server.tsx).
 */
const PUBLIC_PAGE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/home$/,
  /^\/shop$/,
  /^\/compare$/,
  /^\/blogs$/,
  /^\/portfolio$/,
  /^\/tools\/[^/]+$/,
];

/**
 * Every path the app answers (the client's routes: src/client/app/routes.tsx): the public pages, and
 * the sign-in and signed-in ones, which arrive as the app's shell. The server answers any other path
 * with HTTP 404 and the not-found page; a test checks the two lists agree.
 */
const PAGE_PATTERNS: readonly RegExp[] = [
  ...PUBLIC_PAGE_PATTERNS,
  /^\/login$/,
  /^\/register$/,
  /^\/reset-password$/,
  /^\/buyNow\/[^/]+$/,
  /^\/cart$/,
  /^\/invitations\/[^/]+$/,
  /^\/dashboard(\/.*)?$/,
];

/** `path` without its trailing slash, which every page allows. */
const trimmed = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);

/** Whether the app has a page at `path` (without its query), a trailing slash allowed. */
export function isPagePath(path: string): boolean {
  return PAGE_PATTERNS.some((pattern) => pattern.test(trimmed(path)));
}

/**
 * Whether the server renders `path` with its data: a public page, or a path with no page at all (the
 * not-found page).
 */
export function isServerRenderedPath(path: string): boolean {
  return PUBLIC_PAGE_PATTERNS.some((pattern) => pattern.test(trimmed(path))) || !isPagePath(path);
}

/** The public pages a search engine should index, besides one page per product (/tools/{id}). */
export const PUBLIC_PAGES = ['/', '/shop', '/portfolio', '/blogs'] as const;

/** The id of the <script type="application/json"> a server-rendered page carries its data in. */
export const SERVER_DATA_ID = 'server-data';
