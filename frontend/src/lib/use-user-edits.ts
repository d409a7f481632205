import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * Calls `onEdit` when the user changes one of the fields `accepts` picks (an input's change event: not `setValue`,
 * not `reset`), with the field's value before the change (top-level fields only; a nested one gets undefined), so a
 * form's rules run from the edit that drives them. `onEdit` may set other fields; those sets are not edits.
 */
export function useUserEdits<T extends FieldValues, F extends Path<T>>(
  form: Pick<UseFormReturn<T>, 'watch' | 'getValues'>,
  accepts: (name: string | undefined) => name is F,
  onEdit: (field: F, previous: unknown) => void,
): void {
  const { watch, getValues } = form;
  useEffect(() => {
    // Top-level values before the last notification: a nested object is shared with the form, so only scalars and
    // replaced arrays tell their previous value.
    let before = { ...getValues() };
    const subscription = watch((_values, { name, type }) => {
      const previous = before;
      before = { ...getValues() };
      if (type !== 'change' || !accepts(name)) return;
      onEdit(name, (previous as Record<string, unknown>)[name]);
      before = { ...getValues() };
    });
    return () => subscription.unsubscribe();
  });
}
