import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '@/components/LoadingSpinner';

function PageLoadingSpinner() {
  const { t } = useTranslation();
  return <LoadingSpinner label={t('pageLoading')} />;
}

/** Shown while a lazily loaded page's chunk arrives (see lazy-page.ts). */
export function PageSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoadingSpinner />}>{children}</Suspense>;
}
