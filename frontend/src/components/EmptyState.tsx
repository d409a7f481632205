import { useTranslation } from 'react-i18next';

/** `filtered` tells the two empty cases apart: nothing exists, or nothing matches the filters. */
export function EmptyState({ filtered = false }: { filtered?: boolean }) {
  const { t } = useTranslation();
  return <p className="text-center text-body-secondary my-4">{filtered ? t('emptyFiltered') : t('empty')}</p>;
}
