export function readJson<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  const raw = window.localStorage.getItem(key);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isValid(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  window.localStorage.setItem(key, JSON.stringify(value));
}

export function removeKey(key: string): void {
  window.localStorage.removeItem(key);
}

export const storageKeys = {
  tenants: 'kantyna.tenants',
  balance: 'kantyna.balance',
  activeOrdersAmount: 'kantyna.activeOrdersAmount',
  negativeBalanceNoticeShownAt: 'kantyna.negativeBalanceNoticeShownAt',
  appVersion: 'kantyna.appVersion',
  webpushPromptHidden: 'kantyna.webpushPromptHidden',
} as const;
