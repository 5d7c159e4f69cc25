/**
 * Whether `error` is PostgreSQL's unique violation (SQLSTATE 23505) of `constraint` (a unique index or
 * constraint name). Both pg and PGlite report `code` and `constraint` on their errors.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, constraint: name } = error as { code?: unknown; constraint?: unknown }
  return code === '23505' && name === constraint
}
