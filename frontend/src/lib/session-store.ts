import { useSyncExternalStore } from 'react';
import { getCookie, removeCookie, setCookie } from './cookies';
import { isJwtExpired, jwtExpiry } from './jwt';
import { readJson, removeKey, storageKeys, writeJson } from './storage';

export interface TenantLink {
  slug: string;
  name: string;
  url: string;
}

export interface SessionSnapshot {
  /** False until tenant/status told whether this is a demo tenant, i.e. which cookie holds the token. */
  ready: boolean;
  /** A present, unexpired token. */
  token: string | null;
  tenants: TenantLink[];
}

const PRODUCTION_TOKEN_COOKIE = 'token';
const DEMO_TOKEN_COOKIE = 'demoToken';

let demoTenant: boolean | null = null;
const listeners = new Set<() => void>();

function isTenantList(value: unknown): value is TenantLink[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item: unknown) =>
        typeof item === 'object' && item !== null && 'slug' in item && 'name' in item && 'url' in item,
    )
  );
}

function tokenCookieName(): string {
  return demoTenant ? DEMO_TOKEN_COOKIE : PRODUCTION_TOKEN_COOKIE;
}

function readToken(): string | null {
  if (demoTenant === null) return null;
  const token = getCookie(tokenCookieName());
  return token && !isJwtExpired(token) ? token : null;
}

let snapshot: SessionSnapshot = {
  ready: false,
  token: null,
  tenants: readJson(storageKeys.tenants, isTenantList) ?? [],
};

function publish(): void {
  const next: SessionSnapshot = {
    ready: demoTenant !== null,
    token: readToken(),
    tenants: readJson(storageKeys.tenants, isTenantList) ?? [],
  };
  const changed =
    next.ready !== snapshot.ready ||
    next.token !== snapshot.token ||
    JSON.stringify(next.tenants) !== JSON.stringify(snapshot.tenants);
  if (!changed) return;
  snapshot = next;
  listeners.forEach((listener) => listener());
}

export const sessionStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): SessionSnapshot {
    return snapshot;
  },
  setDemoTenant(demo: boolean): void {
    demoTenant = demo;
    publish();
  },
  /** Re-read on every request, so an expired token stops being sent the moment it expires. */
  getToken(): string | null {
    return readToken();
  },
  /** True while a token cookie exists at all, expired or not: a 401 then means the session ended. */
  hasSessionCookie(): boolean {
    return demoTenant !== null && getCookie(tokenCookieName()) !== null;
  },
  storeToken(token: string): void {
    setCookie(tokenCookieName(), token, { expires: jwtExpiry(token) });
    publish();
  },
  storeTenants(tenants: TenantLink[]): void {
    writeJson(storageKeys.tenants, tenants);
    publish();
  },
  clear(): void {
    removeCookie(tokenCookieName());
    removeKey(storageKeys.tenants);
    publish();
  },
  isTenantList,
  /** Test isolation: forget the tenant mode between tests. */
  resetForTests(): void {
    demoTenant = null;
    snapshot = { ready: false, token: null, tenants: [] };
    listeners.clear();
  },
};

export function useSessionSnapshot(): SessionSnapshot {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
}
