/**
 * The PostgreSQL extensions the shop's migrations create, which PGlite loads only when asked to:
 * pg_trgm (catalog search, DESIGN §9, and quick order's nearest SKUs) and fuzzystrmatch (quick order's
 * SKUs one or two keystrokes away). Loaded on demand, so a server on PostgreSQL never reads them.
 */
export async function pgliteExtensions() {
  const [{ pg_trgm }, { fuzzystrmatch }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/fuzzystrmatch'),
  ]);
  return { pg_trgm, fuzzystrmatch };
}
