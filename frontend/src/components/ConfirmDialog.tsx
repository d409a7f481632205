import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmContext, type ConfirmOptions } from './confirm-context';

export interface ConfirmDialogProps extends ConfirmOptions {
  show: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question in a modal; spec §9: the default buttons are OK and Cancel. */
export function ConfirmDialog({ show, title, body, confirmLabel, cancelLabel, variant = 'primary', onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="confirm-dialog-title">
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title id="confirm-dialog-title" as="h2" className="h5">
          {title ?? t('confirm.title')}
        </Modal.Title>
      </Modal.Header>
      {body && <Modal.Body>{body}</Modal.Body>}
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel ?? t('cancel')}
        </Button>
        <Button variant={variant} onClick={onConfirm} autoFocus>
          {confirmLabel ?? t('ok')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

interface DialogState {
  options: ConfirmOptions;
  open: boolean;
  resolve: ((confirmed: boolean) => void) | null;
}

/** Hosts the one confirmation dialog of the app; `useConfirm()` asks through it. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  // The options stay after closing, so the text does not vanish while the dialog fades out.
  const [dialog, setDialog] = useState<DialogState>({ options: {}, open: false, resolve: null });
  const pending = useRef<((confirmed: boolean) => void) | null>(null);

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        pending.current?.(false);
        pending.current = resolve;
        setDialog({ options, open: true, resolve });
      }),
    [],
  );
  const settle = (confirmed: boolean) => {
    dialog.resolve?.(confirmed);
    pending.current = null;
    setDialog((current) => ({ ...current, open: false, resolve: null }));
  };
  const value = useMemo(() => ({ confirm }), [confirm]);

  return (
    <ConfirmContext value={value}>
      {children}
      <ConfirmDialog {...dialog.options} show={dialog.open} onConfirm={() => settle(true)} onCancel={() => settle(false)} />
    </ConfirmContext>
  );
}
