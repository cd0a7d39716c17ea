/** An error whose message is a sentence fit for the person using the app. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, message, 'validation', fields);
export const unauthorized = (message = 'Authentication required. Please log in.', code = 'unauthorized') =>
  new AppError(401, message, code);
export const forbidden = (message = 'You are not allowed to do this.', code = 'forbidden') =>
  new AppError(403, message, code);
export const notFound = (message: string) => new AppError(404, message, 'not_found');
export const conflict = (message: string, code = 'conflict') => new AppError(409, message, code);
export const unprocessable = (message: string, fields?: Record<string, string>, code = 'unprocessable') =>
  new AppError(422, message, code, fields);

export function errorBody(message: string, code: string, fields?: Record<string, string>) {
  return { ok: false as const, success: false as const, error: message, code, ...(fields ? { fields } : {}) };
}

/** Whether the database refused a write for the unique index `constraint` (two requests raced past the check before it). */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && e.constraint === constraint) return true;
  }
  return false;
}
