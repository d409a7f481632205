import { useCallback, useState, type ComponentType } from 'react';
import type { TFunction } from 'i18next';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { CrudResource, EntityId } from '@/lib/crud';

/**
 * Everything about one entity's form, shared by its modal (small dictionaries) and its page
 * (`/x/create`, `/x/:id/edit`): `TValues` is what the inputs hold, `TParsed` what the schema makes of it.
 */
export interface EntityFormDef<
  TItem extends { id: EntityId },
  TCreate,
  TUpdate,
  TValues extends FieldValues,
  TParsed = TValues,
> {
  resource: CrudResource<TItem, TCreate, TUpdate>;
  /** Mirrors the server's rules; built per language. */
  schema: (t: TFunction) => z.ZodType<TParsed, TValues>;
  /** The values of a create form. */
  empty: TValues;
  /** The values of an edit form. */
  toValues: (item: TItem) => TValues;
  /** The values of a create form copying `item` (`EntityFormPage copyOf`); defaults to `toValues`. */
  toCopy?: (item: TItem) => TValues;
  toCreate: (values: TParsed) => TCreate;
  /** Defaults to `toCreate` (PUT replaces the whole object). */
  toUpdate?: (values: TParsed, item: TItem) => TUpdate;
  /** The inputs, read from the surrounding FormProvider (components/form fields need no `control`). */
  Fields: ComponentType;
  /**
   * A question before saving (a hook, called in the form's body): its function resolves the fields to add to the
   * body (`{}`: none), or null when the user declined and nothing is sent (a worker's allergies a diet removes).
   */
  useBeforeSave?: () => (values: TParsed, item: TItem | undefined) => Promise<Record<string, unknown> | null>;
  /** Server error keys that differ from form field names (`{ 'address.city': 'city' }`). */
  fieldMap?: Readonly<Record<string, string>>;
}

/** Typed identity: lets TypeScript infer the five type parameters from one object literal. */
export function defineEntityForm<TItem extends { id: EntityId }, TCreate, TUpdate, TValues extends FieldValues, TParsed = TValues>(
  def: EntityFormDef<TItem, TCreate, TUpdate, TValues, TParsed>,
): EntityFormDef<TItem, TCreate, TUpdate, TValues, TParsed> {
  return def;
}

export interface EntityModalState {
  show: boolean;
  /** null: create. */
  id: EntityId | null;
  /** Changes on every opening, so the form starts fresh each time. */
  session: number;
  openCreate: () => void;
  openEdit: (id: EntityId) => void;
  close: () => void;
}

export function useEntityModal(): EntityModalState {
  const [state, setState] = useState<{ show: boolean; id: EntityId | null; session: number }>({ show: false, id: null, session: 0 });
  const openCreate = useCallback(() => setState((current) => ({ show: true, id: null, session: current.session + 1 })), []);
  const openEdit = useCallback((id: EntityId) => setState((current) => ({ show: true, id, session: current.session + 1 })), []);
  const close = useCallback(() => setState((current) => ({ ...current, show: false })), []);
  return { ...state, openCreate, openEdit, close };
}

/** `/x/:id/edit` → the id; `/x/create` → null. */
export function parseRouteId(value: string | undefined): EntityId | null {
  const parsed = Number(value);
  return value !== undefined && Number.isInteger(parsed) && parsed > 0 ? parsed : null;
}
