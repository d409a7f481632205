import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@/lib/session/get-current-user';
import { useSession } from '@/lib/session/session-context';
import { ordersConfigEndpoint } from '@/lib/settings/orders-config';
import { parentsSettingsEndpoint } from '@/lib/settings/parents-settings';
import { presencesMarkingConfigEndpoint } from '@/lib/settings/presences-marking-config';
import type { RegistrationChildOptions } from '@/lib/children/form-options';
import { childFormAccess, type ChildFormAccess, type ChildFormMode } from './child-form-model';

export type { ChildFormMode, InstitutionInput } from './child-form-model';

export interface ChildFormRights extends ChildFormAccess {
  user: CurrentUser | undefined;
  ready: boolean;
}

/** Who sees and may change what in the child form (the model's `childFormAccess`), from the session and the tenant settings. */
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
  const access = childFormAccess({
    mode,
    user,
    institutionSlug,
    parentsSettings: parents.data,
    registrationSettings: registrationOptions?.settings,
    diningCardsEnabled: orders.data?.diningCardsEnabled,
    presences: presences.data,
  });
  return {
    ...access,
    user,
    ready: registration || (!parents.isPending && !orders.isPending && !presences.isPending),
  };
}
