const CALLBACK_PATH = '/auth/callback';

/** The sign-in site sends the browser back to this tenant's /auth/callback with the token in the fragment. */
export function externalLoginHref(loginUrl: string): string {
  return `${loginUrl}?next=${encodeURIComponent(window.location.origin + CALLBACK_PATH)}`;
}
