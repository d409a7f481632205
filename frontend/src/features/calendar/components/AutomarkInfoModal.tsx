import { Alert, Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Receiver } from '@/lib/calendar/receivers';

const STEPS = ['step1', 'step2', 'step3', 'step4'] as const;

/**
 * Spec §2 "Automarking info modal": the title, a short description, four steps, and the funds warning
 * unless charging happens on the order day. Links lead to each receiver's automarking settings: a child's form, or
 * a worker's own profile section.
 */
export function AutomarkInfoModal({
  show,
  onHide,
  chargesOnOrderDay,
  receivers,
}: {
  show: boolean;
  onHide: () => void;
  chargesOnOrderDay: boolean;
  receivers: readonly Receiver[];
}) {
  const { t } = useTranslation('calendar');
  // A worker is their own receiver: their settings are a section of their profile.
  const settingsLinks = receivers.map((receiver) => ({
    key: `${receiver.type}/${receiver.id}`,
    name: receiver.name,
    to: receiver.type === 'child' ? `/children/${receiver.id}/edit` : '/profile#automark',
  }));
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="automark-info-title">
      <Modal.Header closeButton closeLabel={t('common:close')}>
        <Modal.Title id="automark-info-title" as="h2" className="h5">
          {t('automark.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('automark.description')}</p>
        <ol>
          {STEPS.map((step) => (
            <li key={step}>{t(`automark.${step}`)}</li>
          ))}
        </ol>
        {!chargesOnOrderDay && <Alert variant="warning">{t('automark.fundsWarning')}</Alert>}
        {settingsLinks.length > 0 && (
          <div>
            <div className="fw-semibold mb-1">{t('automark.settings')}</div>
            <ul className="mb-0">
              {settingsLinks.map((link) => (
                <li key={link.key}>
                  <Link to={link.to} onClick={onHide}>
                    {link.name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {t('common:close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
