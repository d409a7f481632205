import { api } from '@/api/client';

/** Fire and forget: the local session ends whatever the server answers. */
export function sendLogout(): void {
  api.post('auth/logout', undefined, { detached: true }).catch(() => undefined);
}
