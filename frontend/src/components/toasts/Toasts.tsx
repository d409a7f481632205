import { Toast as BsToast, ToastContainer, type ToastContainerProps } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { dismissToast, TOAST_AUTO_HIDE_MS, useToasts, type ToastType } from './toast-store';

export type ToastPlacement = 'top-right' | 'top-left' | 'bottom-right' | 'bottom-left';

const containerPosition: Record<ToastPlacement, ToastContainerProps['position']> = {
  'top-right': 'top-end',
  'top-left': 'top-start',
  'bottom-right': 'bottom-end',
  'bottom-left': 'bottom-start',
};

// Bootstrap has no "error" variant; the spec shows errors as danger.
const variant: Record<ToastType, string> = {
  success: 'success',
  error: 'danger',
  warning: 'warning',
  info: 'info',
};

export function Toasts({ placement = 'top-right' }: { placement?: ToastPlacement }) {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <ToastContainer position={containerPosition[placement]} className="p-3 position-fixed" style={{ zIndex: 1090 }}>
      {toasts.map((toast) => (
        <BsToast
          key={toast.id}
          bg={variant[toast.type]}
          autohide
          delay={TOAST_AUTO_HIDE_MS}
          onClose={() => dismissToast(toast.id)}
          onClick={() => dismissToast(toast.id)}
          role={toast.type === 'error' ? 'alert' : 'status'}
          data-toast-type={toast.type}
        >
          <BsToast.Header closeButton closeLabel={t('close')}>
            <strong className="me-auto">{toast.title ?? t(`toastTitle.${toast.type}`)}</strong>
          </BsToast.Header>
          <BsToast.Body
            className={toast.type === 'warning' || toast.type === 'info' ? undefined : 'text-white'}
            style={{ whiteSpace: 'pre-line' }}
          >
            {toast.message}
          </BsToast.Body>
        </BsToast>
      ))}
    </ToastContainer>
  );
}
