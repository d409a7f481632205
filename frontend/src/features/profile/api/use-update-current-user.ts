import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQueryOptions, type CurrentUser } from '@/lib/session/get-current-user';

/** Account endpoints answer with the saved part of the user; merging it keeps every screen in sync. */
export function useUpdateCurrentUser<TInput, TResult extends Partial<CurrentUser>>(
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (saved) =>
      queryClient.setQueryData<CurrentUser>(currentUserQueryOptions().queryKey, (user) =>
        user ? { ...user, ...saved } : user,
      ),
  });
}
