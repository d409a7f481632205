import { api } from '@/api/client';
import type { components } from '@/api/schema';

/** Fire and forget: the local session ends whatever the server answers. */
export function sendLogout(): void {
  api.post<components['schemas']['Status']>('auth/logout', undefined, { detached: true }).catch(() => undefined);
}
