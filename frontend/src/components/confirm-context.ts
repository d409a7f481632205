import { createContext, use, type ReactNode } from 'react';

export interface ConfirmOptions {
  /** Defaults to "Confirm". */
  title?: ReactNode;
  body?: ReactNode;
  /** Defaults to OK (spec §9). */
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** `danger` for destructive actions. */
  variant?: 'primary' | 'danger';
}

export const ConfirmContext = createContext<{ confirm: (options: ConfirmOptions) => Promise<boolean> } | null>(null);

/** `if (await confirm({ body }))`: resolves true on OK, false on Cancel or close. */
export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  const context = use(ConfirmContext);
  if (!context) throw new Error('useConfirm needs a ConfirmProvider (AppProviders has one)');
  return context.confirm;
}
