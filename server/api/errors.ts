/** The database could not be reached or failed: the visitor should try again shortly. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super("Database unavailable", { cause });
  }
}

/** Runs database work; any failure of it becomes a DatabaseUnavailableError (a 503). */
export async function usingDatabase<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new DatabaseUnavailableError(error);
  }
}

export function describeCause(error: unknown): string {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}
