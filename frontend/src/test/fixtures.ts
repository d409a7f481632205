import type { CurrentUser, Role } from '@/lib/session/get-current-user';
import type { TenantStatus } from '@/lib/session/get-tenant-status';

function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

export function makeJwt(expiresInSeconds = 3600): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ exp, iat: exp - 3600, jti: 'test' })}.signature`;
}

export function makeUser(roles: Role[], overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 1,
    email: 'anna@example.com',
    firstName: 'Anna',
    lastName: 'Nowak',
    fullName: 'Anna Nowak',
    roles,
    permissions: [],
    abilities: [],
    settings: { canSeePrices: true },
    bankAccountNumber: null,
    calendarSettings: { showGrammages: false },
    institutionsIds: [],
    institution: null,
    locale: 'en',
    notificationsSettings: {
      notificationsPlacement: 'top-right',
      emailNotificationsEnabled: true,
      pushNotificationsEnabled: false,
    },
    phoneNumber: '123456789',
    phoneNumber2: null,
    invoicesSettings: {
      invoicesEnabled: false,
      companyName: '',
      vatId: '',
      address: { street: '', city: '', postCode: '' },
    },
    ...overrides,
  };
}

export function makeTenantStatus(overrides: Partial<TenantStatus> = {}): TenantStatus {
  return {
    tenant: { slug: 'acme', name: 'Acme Catering', demo: false, defaultLocale: 'pl' },
    loginUrl: '/sso/login',
    data: { registerAs: 'parent' },
    ...overrides,
  };
}
