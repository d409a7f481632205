import { useMutation } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';

type LocaleBody = components['schemas']['LocaleRequest'];
type LocaleResult = components['schemas']['Locale'];

export const updateLocale = async (locale: LocaleBody['locale']): Promise<LocaleResult> =>
  expectOk(await api.put<LocaleResult>('auth/currentUser/locale', { locale } satisfies LocaleBody));

export const useUpdateLocale = () => useMutation({ mutationFn: updateLocale });
