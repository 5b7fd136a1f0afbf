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

/**
 * Runs a write that a unique index guards after a look-up that checked it (two requests may pass the check together):
 * the index decides, and its violation becomes the same answer as the check's, `taken()`.
 */
export async function uniqueOr<T>(write: () => Promise<T>, taken: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
