import type { MouseEvent } from 'react';
import { Button, Spinner, type ButtonProps } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { notify } from './toasts/toast-store';

export interface FormActionButtonProps extends Omit<ButtonProps, 'disabled'> {
  pending: boolean;
  disabled?: boolean;
}

/**
 * While pending the button looks disabled but still receives presses (a real `disabled` would swallow
 * them), so a second press can explain why nothing happens instead of sending the request twice.
 */
export function FormActionButton({ pending, disabled, onClick, children, className, ...props }: FormActionButtonProps) {
  const { t } = useTranslation();
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (pending) {
      event.preventDefault();
      notify({ type: 'info', message: t('requestInProgress') });
      return;
    }
    onClick?.(event);
  };
  return (
    <Button
      {...props}
      disabled={disabled && !pending}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      className={[className, pending ? 'opacity-75' : null].filter(Boolean).join(' ') || undefined}
      onClick={handleClick}
    >
      {pending && <Spinner as="span" animation="border" size="sm" role="status" aria-hidden="true" className="me-2" />}
      {children}
    </Button>
  );
}
