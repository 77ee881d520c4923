/**
 * Whether a database error is a unique violation (PostgreSQL's 23505), as drizzle passes it on from
 * either driver: a name taken, a second zone for one place.
 */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'cause' in error
    ? (error.cause as { code?: string } | undefined)?.code === '23505'
    : (error as { code?: string } | null)?.code === '23505';
