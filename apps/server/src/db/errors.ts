/** Whether a database error (possibly wrapped by Drizzle) is a unique violation of the named constraint. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pgError = e as { code?: string; constraint?: string; message?: string };
    if (pgError.code === '23505') {
      return pgError.constraint === constraint || (pgError.message ?? '').includes(constraint);
    }
  }
  return false;
}
