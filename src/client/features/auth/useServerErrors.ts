import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@client/lib/api';

/** Puts a server validation error on its field, so the message shows where the user looks. */
export function applyServerError<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: readonly string[]) {
  if (err instanceof ApiError && err.field && fields.includes(err.field)) {
    setError(err.field as Path<T>, { type: 'server', message: err.serverMessage });
  }
}
