import { useEffect, useRef, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/toasts/toast-store';
import { translateServerMessage } from '@/lib/i18n';
import {
  hidePrompt,
  notificationPermission,
  notificationsSupported,
  promptHidden,
  PUSH_UNSUPPORTED_MESSAGE,
  PushUnsupportedError,
  pushSupported,
  registerPushSubscription,
} from '@/lib/webpush/webpush';

/** Registration failures are not shown (spec: "Server registration failure: message not shown"). */
function registerQuietly(): Promise<void> {
  return registerPushSubscription().catch((error: unknown) => {
    if (error instanceof PushUnsupportedError) return;
    console.warn('Web push registration failed', error);
  });
}

/**
 * The web push prompt (spec §1): shown when the browser supports notifications and the person has not hidden it
 * (their "hide" is remembered in this browser); once permission is granted the browser's subscription is
 * registered, at every visit (the server keeps one row per browser). Permission states: default, granted, denied.
 */
export function WebPushPrompt({ userId }: { userId: number }) {
  const { t } = useTranslation('webpush');
  const [permission, setPermission] = useState<NotificationPermission>(notificationPermission);
  const [hidden, setHidden] = useState(promptHidden);
  const [busy, setBusy] = useState(false);
  const registeredFor = useRef<number | null>(null);

  useEffect(() => {
    if (permission !== 'granted' || !pushSupported() || registeredFor.current === userId) return;
    registeredFor.current = userId;
    void registerQuietly();
  }, [permission, userId]);

  if (!notificationsSupported() || hidden || permission === 'granted') return null;

  const enable = async () => {
    if (!pushSupported()) {
      notify({ type: 'error', message: translateServerMessage(PUSH_UNSUPPORTED_MESSAGE) });
      setHidden(true); // treated as unsupported for this visit; not remembered
      return;
    }
    setBusy(true);
    try {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer === 'denied') notify({ type: 'warning', message: t('blocked') });
    } finally {
      setBusy(false);
    }
  };

  const hide = () => {
    hidePrompt();
    setHidden(true);
  };

  return (
    <Alert variant="info" className="d-flex flex-wrap align-items-center gap-2" role="region" aria-label={t('title')}>
      <span className="me-auto">{t('prompt')}</span>
      <Button size="sm" onClick={() => void enable()} disabled={busy}>
        {t('enable')}
      </Button>
      <Button size="sm" variant="outline-secondary" onClick={hide}>
        {t('hide')}
      </Button>
    </Alert>
  );
}
