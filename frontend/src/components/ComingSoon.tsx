import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** Shown by routes of areas that later issues build; the menu hides them. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="h3 mb-3">{title}</h1>
      <Alert variant="secondary">{t('comingSoon')}</Alert>
    </section>
  );
}
