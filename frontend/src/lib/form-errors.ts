import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/api/client';
import { translateServerMessage } from './i18n';

/**
 * Puts the server's per-field messages next to their inputs. `fieldMap` renames server keys
 * (for example "address.city") to form field names where they differ.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fieldMap: Partial<Record<string, Path<T>>> = {},
): void {
  if (!(error instanceof ApiError)) return;
  for (const [serverField, messages] of Object.entries(error.fieldErrors)) {
    const field = fieldMap[serverField] ?? (fields.includes(serverField as Path<T>) ? (serverField as Path<T>) : null);
    if (field && messages.length > 0) {
      setError(field, { type: 'server', message: messages.map(translateServerMessage).join(' ') });
    }
  }
}
