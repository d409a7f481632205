import { useQuery } from '@tanstack/react-query';
import { hasAbility, type CurrentUser } from '@/lib/session/get-current-user';
import { useSession } from '@/lib/session/session-context';
import { ordersConfigEndpoint } from '@/lib/settings/orders-config';
import { parentsSettingsEndpoint } from '@/lib/settings/parents-settings';
import { presencesMarkingConfigEndpoint } from '@/lib/settings/presences-marking-config';
import type { RegistrationChildOptions } from '../api/form-options';
import type { ChildFormVisibility } from './child-form-model';

export type ChildFormMode = 'registration' | 'create' | 'edit';
/** Spec §6: selector (staff), read-only (slug in the URL), manual slug entry (lists hidden from parents), hidden. */
export type InstitutionInput = 'select' | 'readonly' | 'slug' | 'hidden';

export interface ChildFormRights {
  user: CurrentUser | undefined;
  isAdmin: boolean;
  /** Admin, or institutions admin with children_edit: changes every field but the admin-only ones. */
  isStaff: boolean;
  visible: ChildFormVisibility;
  institutionInput: InstitutionInput;
  /** Whether the parent-limited fields may change (staff always; parents per the tenant's parentsSettings). */
  canChange: { classroom: boolean; diet: boolean; allergens: boolean; allergiesNote: boolean; cardNumber: boolean };
  /** Settings logs come with the child for admins and institutions admins. */
  showLogs: boolean;
  ready: boolean;
}

/** Who sees and may change what in the child form (spec §6), from the user, the tenant settings and the mode. */
export function useChildFormRights(
  mode: ChildFormMode,
  { institutionSlug, registrationOptions }: { institutionSlug?: string; registrationOptions?: RegistrationChildOptions },
): ChildFormRights {
  const { user } = useSession();
  const registration = mode === 'registration';
  const signedIn = !registration && user !== undefined;
  const parents = useQuery({ ...parentsSettingsEndpoint.queryOptions(), enabled: signedIn });
  const orders = useQuery({ ...ordersConfigEndpoint.queryOptions(), enabled: signedIn });
  const presences = useQuery({ ...presencesMarkingConfigEndpoint.queryOptions(), enabled: signedIn });

  const isAdmin = !registration && (user?.roles.includes('ROLE_ADMIN') ?? false);
  const isStaff = !registration && user !== undefined && hasAbility(user, 'children.change_sensitive');
  const creating = mode !== 'edit';
  const settings = parents.data;
  const registrationSettings = registrationOptions?.settings;
  const cardsEnabled = registration ? true : (orders.data?.diningCardsEnabled ?? false);
  const parentMay = (flag: boolean | undefined) => isStaff || flag === true;

  let institutionInput: InstitutionInput = 'select';
  if (institutionSlug) institutionInput = 'readonly';
  else if (!isStaff && !creating && !settings?.allowChangingInstitutions) institutionInput = 'hidden';
  else if (!isStaff && !registration && settings?.hideInstitutionsListsFromParents) institutionInput = 'slug';

  const canChangeCard =
    cardsEnabled &&
    (creating ||
      isAdmin ||
      (user !== undefined && user.roles.includes('ROLE_INSTITUTIONS_ADMIN') && user.permissions.includes('children_edit')) ||
      (!isStaff && settings?.allowChangingCardNumbers === true));

  return {
    user,
    isAdmin,
    isStaff,
    institutionInput,
    canChange: {
      classroom: creating || parentMay(settings?.allowChangingClassrooms),
      diet: creating || parentMay(settings?.allowChangingDiets),
      allergens: registration ? registrationSettings?.allowChangingAllergens !== false : parentMay(settings?.allowChangingAllergens),
      allergiesNote: registration
        ? registrationSettings?.allowChangingAllergensNote !== false
        : parentMay(settings?.allowChangingAllergensNote),
      cardNumber: canChangeCard,
    },
    visible: {
      cardNumber: cardsEnabled,
      discount: isStaff,
      priceListsGroup: isAdmin,
      subscribedPayments: isStaff && presences.data?.allowSubscribedPayments === true,
      orderingPrepaids: isStaff && presences.data?.allowPrepaidOrders === true,
      childGroup: isStaff,
      internalNote: isAdmin,
      parent: isStaff && mode === 'create',
      automark: true,
      notifications: true,
    },
    showLogs: !registration && (isAdmin || (user?.roles.includes('ROLE_INSTITUTIONS_ADMIN') ?? false)),
    ready: registration || (!parents.isPending && !orders.isPending && !presences.isPending),
  };
}
