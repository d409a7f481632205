import { Button } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

interface RemoveButtonProps {
  /** Asks and removes (see useConfirmedRemove); true when the entity is gone. */
  remove: () => Promise<boolean>;
  /** Where to go once removed: a details page has nothing left to show. */
  thenGoTo: string;
}

/** The "Remove" button of a details page's header: asks, removes, then leaves for the list. */
export function RemoveButton({ remove, thenGoTo }: RemoveButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button
      variant="outline-danger"
      onClick={() =>
        void remove().then((removed) => {
          if (removed) void navigate(thenGoTo);
        })
      }
    >
      {t('crud.remove')}
    </Button>
  );
}
