import { ButtonGroup, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session/session-context';
import { LOCALES } from '@/lib/i18n';

/**
 * pl/en for pages without the user menu (landing, registration): the same choice the user menu offers, kept in
 * the `locale` cookie that the next visit and the sign-in site start from.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { changeLocale } = useSession();
  return (
    <ButtonGroup size="sm" role="group" aria-label={t('language')}>
      {LOCALES.map((locale) => (
        <Button
          key={locale}
          lang={locale}
          variant={i18n.language === locale ? 'secondary' : 'outline-secondary'}
          aria-pressed={i18n.language === locale}
          className="tap-target"
          onClick={() => changeLocale(locale)}
        >
          {t(`languages.${locale}`)}
        </Button>
      ))}
    </ButtonGroup>
  );
}
