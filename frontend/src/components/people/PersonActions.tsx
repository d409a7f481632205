import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/confirm-context';
import { notify } from '@/components/toasts/toast-store';
import type { PersonCommands } from './person-commands';

export interface PersonRow {
  id: number;
  fullName: string;
  isActive: boolean;
  status: string;
}

interface Props {
  person: PersonRow;
  commands: PersonCommands;
  onSetPassword: () => void;
  /** Archive is offered where the spec names it (parents, administrators; every staff kind here). */
  archivable?: boolean;
}

/** The "More" menu of a person: activate or deactivate, archive, reset password (e-mail), set password. */
export function PersonActions({ person, commands, onSetPassword, archivable = true }: Props) {
  const { t } = useTranslation('people');
  const confirm = useConfirm();
  const params = { id: person.id };
  const name = person.fullName;

  const run = async (command: keyof Omit<PersonCommands, 'setPassword'>, askFirst: boolean) => {
    if (askFirst && !(await confirm({ body: t(`confirm.${command}`, { name }), variant: 'danger' }))) return;
    try {
      await commands[command].mutateAsync({ params });
      notify({ type: 'success', message: t(`done.${command}`, { name }) });
    } catch {
      // The query client toasts the refusal (e.g. the last active administrator).
    }
  };

  return (
    <Dropdown className="d-inline-block">
      <Dropdown.Toggle size="sm" variant="outline-secondary" aria-label={t('moreNamed', { name })}>
        {t('more')}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {person.isActive ? (
          <Dropdown.Item as="button" onClick={() => void run('deactivate', true)}>
            {t('actions.deactivate')}
          </Dropdown.Item>
        ) : (
          <Dropdown.Item as="button" onClick={() => void run('activate', false)}>
            {person.status === 'archived' ? t('actions.unarchive') : t('actions.activate')}
          </Dropdown.Item>
        )}
        {archivable && person.status !== 'archived' && (
          <Dropdown.Item as="button" onClick={() => void run('archive', true)}>
            {t('actions.archive')}
          </Dropdown.Item>
        )}
        <Dropdown.Item as="button" onClick={() => void run('resetPassword', true)}>
          {t('actions.resetPassword')}
        </Dropdown.Item>
        <Dropdown.Item as="button" onClick={onSetPassword}>
          {t('actions.setPassword')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('people');
  const variant = status === 'active' ? 'success' : status === 'archived' ? 'dark' : 'secondary';
  return <span className={`badge text-bg-${variant}`}>{t(`status.${status}`, status)}</span>;
}
