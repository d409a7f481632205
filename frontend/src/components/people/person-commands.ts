import { useAction } from '@/lib/crud';

/**
 * The lifecycle commands of people (parents, every staff kind, institution workers), at `<path>/{id}/...`: activate, deactivate,
 * archive, resetPassword (e-mails a link) and PUT password (`{password, passwordConfirmation}`).
 * `key` is the resource's query key, refreshed after each command (with `also`, e.g. groups counting members).
 * Parents, staff and institution workers use them (a worker's id is its profile's; the server acts on its user).
 */
export function usePersonCommands(path: string, key: string, also: string[] = []) {
  const options = { invalidates: [key, 'users', ...also] };
  return {
    activate: useAction(`${path}/{id}/activate`, options),
    deactivate: useAction(`${path}/{id}/deactivate`, options),
    archive: useAction(`${path}/{id}/archive`, options),
    resetPassword: useAction(`${path}/{id}/resetPassword`),
    setPassword: useAction(`${path}/{id}/password`, { method: 'PUT' }),
  };
}

export type PersonCommands = ReturnType<typeof usePersonCommands>;
