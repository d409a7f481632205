import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session/session-context';
import { isLocale, LOCALES } from '@/lib/i18n';
import { SectionCard } from '@/components/SectionCard';

/** Applies at once: the language is a preference, not a form to confirm. */
export function LanguageSection() {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const { changeLocale } = useSession();
  return (
    <SectionCard title={t('profile:language.title')}>
      <Form.Group controlId="profile-language">
        <Form.Label>{t('common:language')}</Form.Label>
        <Form.Select
          value={i18n.language}
          onChange={(event) => {
            if (isLocale(event.target.value)) changeLocale(event.target.value);
          }}
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {t(`common:languages.${locale}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </SectionCard>
  );
}
