import { hasAbility, type CurrentUser } from '@/lib/session/get-current-user';

/**
 * Where a report criterion naming ids (institutions, diets...) takes its options, and who may read them (no
 * abilities said: every staff member). One table for the report's form and the automated report's form. Payers
 * have no list here: the report form picks them from the users' options when the user may see parents.
 */
const OPTION_SOURCES: Readonly<Record<string, { path: string; abilities?: readonly string[] }>> = {
  institutions: { path: 'institutions/options' },
  classrooms: { path: 'classrooms/options' },
  mealTypes: { path: 'mealTypes/options' },
  diets: { path: 'diets/options' },
  kitchens: { path: 'kitchens/options', abilities: ['catalog.manage', 'kitchen.prepare'] },
};

/** The options' path of a criterion of `kind` for `user`, or undefined when it has none or `user` may not read it. */
export function criterionOptionsPath(user: Pick<CurrentUser, 'abilities'> | undefined, kind: string): string | undefined {
  const source = OPTION_SOURCES[kind];
  if (!source) return undefined;
  const allowed = !source.abilities || (user !== undefined && source.abilities.some((ability) => hasAbility(user, ability)));
  return allowed ? source.path : undefined;
}
