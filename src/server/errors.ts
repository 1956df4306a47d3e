/** The one error type the API throws: a stable code, an HTTP status and a Spanish message for the user. */
export class AppError extends Error {
  constructor(
    public readonly code: string,
    public readonly status: number,
    message: string,
    public readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const errors = {
  badRequest: (message: string, field?: string) => new AppError('bad_request', 400, message, field),
  unauthorized: (message = 'No autenticado. Inicia sesión para continuar.') => new AppError('unauthorized', 401, message),
  forbidden: (message = 'No tienes permiso para realizar esta acción.') => new AppError('forbidden', 403, message),
  notFound: (message = 'No encontrado.') => new AppError('not_found', 404, message),
  conflict: (message: string, field?: string) => new AppError('conflict', 409, message, field),
  tooMany: (message = 'Demasiados intentos. Espera un momento e inténtalo de nuevo.') => new AppError('rate_limited', 429, message),
};
