import { useMutation } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { Locale } from '@/lib/i18n';

export const updateLocale = async (locale: Locale): Promise<{ locale: Locale }> =>
  expectOk(await api.put<{ locale: Locale }>('auth/currentUser/locale', { locale }));

export const useUpdateLocale = () => useMutation({ mutationFn: updateLocale });
