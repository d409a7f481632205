import { Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSettings } from '@/lib/settings/settings-endpoint';
import { invoicesConfigForUsersEndpoint } from '@/lib/settings/invoices-config-for-users';
import { hasAbility } from '@/lib/session/get-current-user';
import { useSession } from '@/lib/session/session-context';
import { AutomarkSection } from '../components/AutomarkSection';
import { CalendarSection } from '../components/CalendarSection';
import { DeleteAccountSection } from '../components/DeleteAccountSection';
import { InvoicesSection } from '../components/InvoicesSection';
import { LanguageSection } from '../components/LanguageSection';
import { NotificationsSection } from '../components/NotificationsSection';
import { PasswordSection } from '../components/PasswordSection';
import { PhoneNumbersSection } from '../components/PhoneNumbersSection';
import { RefundBankAccountSection } from '../components/RefundBankAccountSection';

export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { user } = useSession();
  const invoicesForUsers = useSettings(invoicesConfigForUsersEndpoint);
  if (!user) return null;
  return (
    <section>
      <h1 className="h3 mb-1">{t('title')}</h1>
      <p className="text-body-secondary mb-4">
        {user.fullName} · {user.email}
      </p>
      <Row>
        <Col lg={6}>
          <PhoneNumbersSection user={user} />
          {hasAbility(user, 'profile.refund_account') && <RefundBankAccountSection user={user} />}
          {invoicesForUsers.data?.enableInvoicesForUsers && <InvoicesSection user={user} />}
          <NotificationsSection user={user} />
          <CalendarSection user={user} />
        </Col>
        <Col lg={6}>
          <PasswordSection />
          <LanguageSection />
          {hasAbility(user, 'account.delete') && <DeleteAccountSection />}
        </Col>
      </Row>
      {user.roles.includes('ROLE_INSTITUTION_WORKER') && <AutomarkSection user={user} />}
    </section>
  );
}
