/** The PostgreSQL error code (SQLSTATE) of a failed query, directly or as the cause drizzle wraps it in. */
export function pgCode(error: unknown): string | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/u.test(code)) return code;
  }
  return undefined;
}

/** PostgreSQL's unique_violation. */
export const isUniqueViolation = (error: unknown): boolean => pgCode(error) === '23505';
