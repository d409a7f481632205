export interface JwtPayload {
  exp?: number;
  iat?: number;
  jti?: string;
}

/** Reads the payload without verifying it: the server verifies; the SPA only needs the expiry. */
export function decodeJwt(token: string): JwtPayload | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const json: unknown = JSON.parse(atob(padded));
    return typeof json === 'object' && json !== null ? (json as JwtPayload) : null;
  } catch {
    return null;
  }
}

export function isJwtExpired(token: string, now: number = Date.now()): boolean {
  const payload = decodeJwt(token);
  if (!payload) return true;
  if (payload.exp === undefined) return false;
  return payload.exp * 1000 <= now;
}

export function jwtExpiry(token: string): Date | undefined {
  const exp = decodeJwt(token)?.exp;
  return exp === undefined ? undefined : new Date(exp * 1000);
}
